/**
 * The asynchronous FIFO across two unrelated clocks, checked by a scoreboard written here, apart
 * from the generated testbenches: random push/pop in phases (bursts, trickles, writes while full,
 * reads while empty), clock ratios from 1:7 to 7:1 and near-equal clocks whose phase drifts, depths
 * powers of two and not, standard and FWFT, with and without the output register, a reset in the
 * middle of the traffic. Every word read must be the next one written (none lost, duplicated or
 * stale) and, at every clock edge, each flag must be safe and not stuck:
 * - safe: `full` low means fewer than DEPTH words are held, `almost_full` low fewer than AF;
 *   `empty` low means a word is there to read, `almost_empty` low more than AE;
 * - not stuck: a flag may lag the other domain by the synchroniser (a pop reaches `full` within
 *   TR + 3 TW, a write reaches `empty` within TW + 3 TR, plus the prefetch stages in FWFT), no more.
 * The same stimulus and checks in Verilog (Icarus -g2012) and VHDL-2008 (GHDL): both languages
 * must agree on the check count, i.e. on every accepted write and every pop.
 */
import { expect, it } from 'vitest';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import { describeWith } from '../harness/system';
import { TEST_SEED, testRandom } from '../cases/seed';
import { DEFAULT_FIFO_CONFIG, fifoGenerator, type FifoConfig } from '../../src/core/hdl/fifo';

interface CdcCase {
  name: string;
  config: FifoConfig;
  /** Half-periods of the write and read clocks in ps, and the read clock's start offset. */
  wHalfPs: number;
  rHalfPs: number;
  rPhasePs: number;
  /** Words written (before and after the reset, when there is one). */
  words: number;
  reset: boolean;
  seed: number;
}

const levels = (c: FifoConfig) => ({
  af: Math.floor((c.fifoDepth * c.almostFullThreshold) / 100),
  ae: Math.floor((c.fifoDepth * c.almostEmptyThreshold) / 100),
});

/** Lags in ns: how long a pop may take to reach the write flags, a write to reach the read flags. */
function lags(k: CdcCase): { lagW: number; lagR: number; lat: number } {
  const tw = (2 * k.wHalfPs) / 1000;
  const tr = (2 * k.rHalfPs) / 1000;
  const fwft = k.config.readMode === 'fwft';
  const stages = fwft ? (k.config.outputRegister ? 5 : 4) : 3;
  return {
    lagW: tr + 3 * tw + 0.005,
    lagR: tw + stages * tr + 0.005,
    lat: k.config.outputRegister ? 2 : 1,
  };
}

/** Park-Miller: the same stream in both languages, so both simulate the same traffic. */
const LCG_NOTE = 'Park-Miller generator (x 16807 mod 2^31-1): the same stream in Verilog and VHDL';

function cdcVerilog(k: CdcCase): string {
  const c = k.config;
  const { af, ae } = levels(c);
  const { lagW, lagR, lat } = lags(k);
  const fwft = c.readMode === 'fwft';
  const W = c.dataWidth;
  const half = Math.floor(k.words / 2);
  return `\`timescale 1ns / 1ps
module cdc_tb;
  localparam DEPTH = ${c.fifoDepth}, AF = ${af}, AE = ${ae}, N = ${k.words};
  localparam real LAGW = ${lagW.toFixed(3)}, LAGR = ${lagR.toFixed(3)};
  reg wr_clk = 0, rd_clk = 0, rst = 1, wr_en = 0, rd_en = 0, seg_done = 0;
  reg [${W - 1}:0] din = 0;
  wire [${W - 1}:0] dout;
  wire full, almost_full, empty, almost_empty, valid;
  reg [${W - 1}:0] wdata [0:N-1];
  real wtime [0:N-1];
  real ptime [0:N-1];
  integer writes = 0, pops = 0, seen = 0, errors = 0, checks = 0, target = ${k.reset ? half : k.words};
  integer wp = 50, rp = 50, wcyc = 0, rcyc = 0, wres = 0, rres = 0, total = 0, settle = 0;
  integer nfull = 0, naf = 0, nempty = 0, nae = 0;
  reg [31:0] wseed = ${k.seed}, rseed = ${k.seed + 7919};
  reg draining = 0;
  reg [${lat}:0] fhist = 0;
  initial begin #(${k.wHalfPs / 1000}); forever #(${k.wHalfPs / 1000}) wr_clk = ~wr_clk; end
  initial begin #(${(k.rPhasePs + k.rHalfPs) / 1000}); forever #(${k.rHalfPs / 1000}) rd_clk = ~rd_clk; end
  fifo_module dut (.wr_clk(wr_clk), .rd_clk(rd_clk), .rst(rst), .wr_en(wr_en), .din(din), .full(full),
    .almost_full(almost_full), .rd_en(rd_en), .dout(dout), .valid(valid), .empty(empty),
    .almost_empty(almost_empty));

  task fail(input [8*72-1:0] what, input integer a, input integer b);
    begin
      errors = errors + 1;
      if (errors < 20) $display("ERROR at %0t ps: %0s (%0d, %0d)", $time, what, a, b);
    end
  endtask

  // ${LCG_NOTE}.
  function [31:0] lcg(input [31:0] s);
    reg [63:0] t;
    begin
      t = s * 64'd16807;
      lcg = t % 64'd2147483647;
    end
  endfunction
  // Phases of traffic: none, a trickle, half, bursts, always.
  function integer phase(input integer x);
    phase = x == 0 ? 0 : x == 1 ? 10 : x == 2 ? 50 : x == 3 ? 90 : 100;
  endfunction

  // Words written before time t, pops before time t (an edge at t itself is not yet seen).
  function integer writes_before(input real t);
    integer n;
    begin
      n = writes;
      while (n > 0 && wtime[n-1] >= t) n = n - 1;
      writes_before = n;
    end
  endfunction
  function integer pops_before(input real t);
    integer n;
    begin
      n = pops;
      while (n > 0 && ptime[n-1] >= t) n = n - 1;
      pops_before = n;
    end
  endfunction

  // Write domain: outputs sampled before the edge, inputs driven for the next one.
  always @(posedge wr_clk) begin : wside
    integer held, old;
    if (rst) begin
      wres = wres + 1;
      if (wres > 2 && (full !== 1'b0 || almost_full !== 1'b0)) fail("write flags in reset", full, almost_full);
      wr_en <= 0;
      writes = 0;
      if (total > 0) target = ${k.words - half};
    end else begin
      wres = 0;
      wcyc = wcyc + 1;
      if (wcyc % 37 == 0) begin wseed = lcg(wseed); wp = phase(wseed % 6); end
      if (^{full, almost_full} === 1'bx) fail("write flag X", 0, 0);
      held = writes - pops_before($realtime);
      old = writes - pops_before($realtime - LAGW);
      if (!full && held >= DEPTH) fail("full low while DEPTH words are held", held, DEPTH);
      if (!almost_full && held >= AF) fail("almost_full low at or above AF", held, AF);
      if (full && old < DEPTH) fail("full high, but pops older than LAGW leave room", old, DEPTH);
      if (almost_full && old < AF) fail("almost_full high, but pops older than LAGW leave < AF", old, AF);
      checks = checks + 1;
      nfull = nfull + full;
      naf = naf + almost_full;
      if (wr_en && !full) begin
        wdata[writes] = din;
        wtime[writes] = $realtime;
        writes = writes + 1;
        total = total + 1;
        if (writes == target) seg_done = 1;
      end
      wseed = lcg(wseed);
      if (writes < target && wseed % 100 < wp) begin
        wr_en <= 1;
        wseed = lcg(wseed);
        din <= wseed;
      end else begin
        wr_en <= 0;
      end
    end
  end

  // Read domain.
  always @(posedge rd_clk) begin : rside
    integer avail, old;
    if (rst) begin
      rres = rres + 1;
      if (rres > 2 && (empty !== 1'b1 || almost_empty !== 1'b1 || valid !== 1'b0))
        fail("read flags in reset", empty, valid);
      rd_en <= 0;
      fhist = 0;
      pops = 0;
      seen = 0;
    end else begin
      rres = 0;
      rcyc = rcyc + 1;
      if (rcyc % 41 == 0) begin rseed = lcg(rseed); rp = phase(rseed % 6); end
      if (^{empty, almost_empty, valid} === 1'bx) fail("read flag X", 0, 0);
      avail = writes_before($realtime) - pops;
      old = writes_before($realtime - LAGR) - pops;
      if (!empty && avail <= 0) fail("empty low with nothing written", avail, 0);
      if (!almost_empty && avail <= AE) fail("almost_empty low at or below AE", avail, AE);
      if (empty && old > 0) fail("empty high, but writes older than LAGR are unread", old, 0);
      if (almost_empty && old > AE) fail("almost_empty high, but more than AE words are older than LAGR", old, AE);
      if (empty && !almost_empty) fail("empty without almost_empty", 0, 0);
      checks = checks + 1;
      nempty = nempty + empty;
      nae = nae + almost_empty;
${
  fwft
    ? `      if (valid !== !empty) fail("valid is not the inverse of empty (FWFT)", valid, empty);
      if (valid && dout !== wdata[pops]) fail("dout is not the head word (FWFT)", dout, wdata[pops]);
      if (rd_en && valid) begin
        ptime[pops] = $realtime;
        pops = pops + 1;
        seen = seen + 1;
      end`
    : `      if (valid !== fhist[${lat - 1}]) fail("valid does not follow the read by the latency", valid, fhist[${lat - 1}]);
      if (valid) begin
        if (seen >= pops) fail("valid with no read outstanding", seen, pops);
        else if (dout !== wdata[seen]) fail("dout is not the next word", dout, wdata[seen]);
        seen = seen + 1;
      end
      fhist = {fhist[${lat - 1}:0], rd_en && !empty};
      if (rd_en && !empty) begin
        ptime[pops] = $realtime;
        pops = pops + 1;
      end`
}
      draining = (total == N) && (writes == target);
      if (draining && pops == writes && seen == writes) settle = settle + 1;
      if (settle == 8) begin
        if (!empty || !almost_empty) fail("read flags after the drain", empty, almost_empty);
        if (errors == 0) $display("CDC PASS checks=%0d words=%0d flags=%0d/%0d/%0d/%0d", checks, total, nfull, naf, nempty, nae);
        else $display("CDC FAIL errors=%0d", errors);
        $finish;
      end
      rseed = lcg(rseed);
      rd_en <= draining || rseed % 100 < rp;
    end
  end

  // Watchdog: a stuck flag stops the traffic.
  initial begin
    #(${Math.ceil((Math.max(k.wHalfPs, k.rHalfPs) * 2 * 100 * k.words) / 1000)});
    $display("CDC FAIL timeout: %0d written, %0d popped, %0d seen", writes, pops, seen);
    $finish;
  end

  initial begin
    repeat (3) @(posedge wr_clk);
    repeat (3) @(posedge rd_clk);
    #0.37 rst = 0;
${
  k.reset
    ? `    // Reset in the middle of the traffic, at no particular clock phase, then a second run.
    wait (seg_done);
    #(${((k.seed % 997) / 100).toFixed(2)}) rst = 1;
    repeat (4) @(posedge wr_clk);
    repeat (4) @(posedge rd_clk);
    #0.29 rst = 0;`
    : ''
}
  end
endmodule
`;
}

/** The same testbench in VHDL-2008: one process for both clocks, so counters are variables. */
function cdcVhdl(k: CdcCase): string {
  const c = k.config;
  const { af, ae } = levels(c);
  const { lagW, lagR, lat } = lags(k);
  const fwft = c.readMode === 'fwft';
  const W = c.dataWidth;
  const half = Math.floor(k.words / 2);
  const ps = (x: number) => `${Math.round(x)} ps`;
  return `library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
entity cdc_tb is
end entity cdc_tb;
architecture sim of cdc_tb is
  constant DEPTH : integer := ${c.fifoDepth};
  constant AF : integer := ${af};
  constant AE : integer := ${ae};
  constant N : integer := ${k.words};
  constant LAGW : time := ${ps(lagW * 1000)};
  constant LAGR : time := ${ps(lagR * 1000)};
  signal wr_clk, rd_clk, wr_en, rd_en, seg_done : std_logic := '0';
  signal rst : std_logic := '1';
  signal din, dout : std_logic_vector(${W - 1} downto 0) := (others => '0');
  signal full, almost_full, empty, almost_empty, valid : std_logic;
  -- ${LCG_NOTE}.
  function lcg(s : natural) return natural is
  begin
    return to_integer((to_unsigned(s, 32) * to_unsigned(16807, 32)) mod to_unsigned(2147483647, 64));
  end function;
  function phase(x : natural) return natural is
  begin
    case x is
      when 0 => return 0;
      when 1 => return 10;
      when 2 => return 50;
      when 3 => return 90;
      when others => return 100;
    end case;
  end function;
  function b2i(b : std_logic) return integer is
  begin
    if b = '1' then return 1; else return 0; end if;
  end function;
begin
  process
  begin
    wait for ${ps(k.wHalfPs)};
    loop
      wait for ${ps(k.wHalfPs)};
      wr_clk <= not wr_clk;
    end loop;
  end process;
  process
  begin
    wait for ${ps(k.rPhasePs + k.rHalfPs)};
    loop
      wait for ${ps(k.rHalfPs)};
      rd_clk <= not rd_clk;
    end loop;
  end process;
  dut : entity work.fifo_module port map (wr_clk => wr_clk, rd_clk => rd_clk, rst => rst, wr_en => wr_en,
    din => din, full => full, almost_full => almost_full, rd_en => rd_en, dout => dout, valid => valid,
    empty => empty, almost_empty => almost_empty);

  control : process
  begin
    for i in 1 to 3 loop wait until rising_edge(wr_clk); end loop;
    for i in 1 to 3 loop wait until rising_edge(rd_clk); end loop;
    wait for 370 ps;
    rst <= '0';
${
  k.reset
    ? `    wait until seg_done = '1';
    wait for ${ps(((k.seed % 997) / 100) * 1000)};
    rst <= '1';
    for i in 1 to 4 loop wait until rising_edge(wr_clk); end loop;
    for i in 1 to 4 loop wait until rising_edge(rd_clk); end loop;
    wait for 290 ps;
    rst <= '0';`
    : ''
}
    wait;
  end process control;

  watchdog : process
  begin
    wait for ${Math.ceil((Math.max(k.wHalfPs, k.rHalfPs) * 2 * 100 * k.words) / 1000)} ns;
    report "CDC FAIL timeout" severity failure;
    wait;
  end process watchdog;

  main : process
    type word_array is array (0 to N - 1) of std_logic_vector(${W - 1} downto 0);
    type time_array is array (0 to N - 1) of time;
    variable wdata : word_array;
    variable wtime, ptime : time_array;
    variable writes, pops, seen, errors, checks, wcyc, rcyc, wres, rres, total, settle : integer := 0;
    variable nfull, naf, nempty, nae, held, old, avail : integer := 0;
    variable target : integer := ${k.reset ? half : k.words};
    variable wp, rp : integer := 50;
    variable wseed : natural := ${k.seed};
    variable rseed : natural := ${k.seed + 7919};
    variable draining : boolean := false;
    variable fhist : std_logic_vector(${lat} downto 0) := (others => '0');
    variable now_w, now_r : boolean;
    procedure fail(what : string; a, b : integer) is
    begin
      errors := errors + 1;
      if errors < 20 then
        report "ERROR at " & time'image(now) & ": " & what & " (" & integer'image(a) & ", " & integer'image(b) & ")";
      end if;
    end procedure;
    impure function writes_before(t : time) return integer is
      variable n : integer := writes;
    begin
      while n > 0 and wtime(n - 1) >= t loop n := n - 1; end loop;
      return n;
    end function;
    impure function pops_before(t : time) return integer is
      variable n : integer := pops;
    begin
      while n > 0 and ptime(n - 1) >= t loop n := n - 1; end loop;
      return n;
    end function;
  begin
    loop
      wait until rising_edge(wr_clk) or rising_edge(rd_clk);
      now_w := rising_edge(wr_clk);
      now_r := rising_edge(rd_clk);
      if now_w then
        if rst = '1' then
          wres := wres + 1;
          if wres > 2 and (full /= '0' or almost_full /= '0') then fail("write flags in reset", b2i(full), b2i(almost_full)); end if;
          wr_en <= '0';
          writes := 0;
          if total > 0 then target := ${k.words - half}; end if;
        else
          wres := 0;
          wcyc := wcyc + 1;
          if wcyc mod 37 = 0 then wseed := lcg(wseed); wp := phase(wseed mod 6); end if;
          held := writes - pops_before(now);
          old := writes - pops_before(now - LAGW);
          if full = '0' and held >= DEPTH then fail("full low while DEPTH words are held", held, DEPTH); end if;
          if almost_full = '0' and held >= AF then fail("almost_full low at or above AF", held, AF); end if;
          if full = '1' and old < DEPTH then fail("full high, but pops older than LAGW leave room", old, DEPTH); end if;
          if almost_full = '1' and old < AF then fail("almost_full high, but pops older than LAGW leave < AF", old, AF); end if;
          checks := checks + 1;
          nfull := nfull + b2i(full);
          naf := naf + b2i(almost_full);
          if wr_en = '1' and full = '0' then
            wdata(writes) := din;
            wtime(writes) := now;
            writes := writes + 1;
            total := total + 1;
            if writes = target then seg_done <= '1'; end if;
          end if;
          wseed := lcg(wseed);
          if writes < target and wseed mod 100 < wp then
            wr_en <= '1';
            wseed := lcg(wseed);
            din <= std_logic_vector(to_unsigned(wseed mod ${2 ** W}, ${W}));
          else
            wr_en <= '0';
          end if;
        end if;
      end if;
      if now_r then
        if rst = '1' then
          rres := rres + 1;
          if rres > 2 and (empty /= '1' or almost_empty /= '1' or valid /= '0') then fail("read flags in reset", b2i(empty), b2i(valid)); end if;
          rd_en <= '0';
          fhist := (others => '0');
          pops := 0;
          seen := 0;
        else
          rres := 0;
          rcyc := rcyc + 1;
          if rcyc mod 41 = 0 then rseed := lcg(rseed); rp := phase(rseed mod 6); end if;
          avail := writes_before(now) - pops;
          old := writes_before(now - LAGR) - pops;
          if empty = '0' and avail <= 0 then fail("empty low with nothing written", avail, 0); end if;
          if almost_empty = '0' and avail <= AE then fail("almost_empty low at or below AE", avail, AE); end if;
          if empty = '1' and old > 0 then fail("empty high, but writes older than LAGR are unread", old, 0); end if;
          if almost_empty = '1' and old > AE then fail("almost_empty high, but more than AE words are older than LAGR", old, AE); end if;
          if empty = '1' and almost_empty /= '1' then fail("empty without almost_empty", 0, 0); end if;
          checks := checks + 1;
          nempty := nempty + b2i(empty);
          nae := nae + b2i(almost_empty);
${
  fwft
    ? `          if valid /= not empty then fail("valid is not the inverse of empty (FWFT)", b2i(valid), b2i(empty)); end if;
          if valid = '1' and dout /= wdata(pops) then fail("dout is not the head word (FWFT)", to_integer(unsigned(dout)), to_integer(unsigned(wdata(pops)))); end if;
          if rd_en = '1' and valid = '1' then
            ptime(pops) := now;
            pops := pops + 1;
            seen := seen + 1;
          end if;`
    : `          if valid /= fhist(${lat - 1}) then fail("valid does not follow the read by the latency", b2i(valid), b2i(fhist(${lat - 1}))); end if;
          if valid = '1' then
            if seen >= pops then fail("valid with no read outstanding", seen, pops);
            elsif dout /= wdata(seen) then fail("dout is not the next word", to_integer(unsigned(dout)), to_integer(unsigned(wdata(seen))));
            end if;
            seen := seen + 1;
          end if;
          fhist := fhist(${lat - 1} downto 0) & (rd_en and not empty);
          if rd_en = '1' and empty = '0' then
            ptime(pops) := now;
            pops := pops + 1;
          end if;`
}
          draining := total = N and writes = target;
          if draining and pops = writes and seen = writes then settle := settle + 1; end if;
          if settle = 8 then
            if empty /= '1' or almost_empty /= '1' then fail("read flags after the drain", b2i(empty), b2i(almost_empty)); end if;
            if errors = 0 then
              report "CDC PASS checks=" & integer'image(checks) & " words=" & integer'image(total) & " flags=" &
                integer'image(nfull) & "/" & integer'image(naf) & "/" & integer'image(nempty) & "/" & integer'image(nae);
            else
              report "CDC FAIL errors=" & integer'image(errors);
            end if;
            std.env.finish;
          end if;
          rseed := lcg(rseed);
          if draining or rseed mod 100 < rp then rd_en <= '1'; else rd_en <= '0'; end if;
        end if;
      end if;
    end loop;
  end process main;
end architecture sim;
`;
}

function cases(): CdcCase[] {
  const r = testRandom(31);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ratios: [number, number][] = [
    [1, 7],
    [7, 1],
    [1, 3],
    [3, 1],
    [2, 3],
    [1, 1],
  ];
  const out: CdcCase[] = [];
  let i = 0;
  for (const readMode of ['standard', 'fwft'] as const) {
    for (const outputRegister of [false, true]) {
      for (const [a, b] of ratios) {
        const depth = pick([2, 3, 5, 6, 7, 12, 16, 4, 8]);
        const base = 1700 + Math.floor(r() * 1300);
        // Near-equal clocks drift by a few ps a cycle; the others get a little jitter off the ratio.
        const wHalf = a === b ? base : Math.round(base * a + r() * 37);
        const rHalf = a === b ? base + 1 + Math.floor(r() * 4) : Math.round(base * b + r() * 41);
        out.push({
          name: `${readMode}${outputRegister ? '+outreg' : ''} depth ${depth} W:R ${a}:${b} (${wHalf * 2}/${rHalf * 2} ps)`,
          config: {
            ...DEFAULT_FIFO_CONFIG,
            clockingMode: 'async',
            readMode,
            outputRegister,
            fifoDepth: depth,
            dataWidth: pick([1, 4, 8, 13]),
            resetType: i % 2 ? 'sync' : 'async',
            almostFullThreshold: 50 + Math.floor(r() * 46),
            almostEmptyThreshold: 5 + Math.floor(r() * 46),
          },
          wHalfPs: wHalf,
          rHalfPs: rHalf,
          rPhasePs: Math.floor(r() * 2 * rHalf),
          words: 300 + depth * 20,
          reset: i % 3 !== 2,
          seed: 1 + Math.floor(r() * 1_000_000),
        });
        i++;
      }
    }
  }
  return out;
}

const CASES = cases();
const PASS = /CDC PASS checks=\d+ words=\d+ flags=[\d/]+/;

describeWith(['iverilog', 'ghdl'], 'asynchronous FIFO against a scoreboard across unrelated clocks', () => {
  // The PASS line of each case in Verilog: VHDL must print the same (same edges, same traffic).
  const verilog = new Map<string, string>();

  it(`Verilog (Icarus -g2012), ${CASES.length} clockings (TEST_SEED=${TEST_SEED})`, async () => {
    const failures: string[] = [];
    for (const k of CASES) {
      const r = await simulateVerilog(
        { 'fifo_module.v': fifoGenerator.generate(k.config, 'verilog').text, 'cdc_tb.v': cdcVerilog(k) },
        'cdc_tb',
        60_000,
        '2012',
      );
      const out = r.stdout + r.stderr;
      const pass = PASS.exec(out);
      if (pass && !/ERROR/.test(out)) verilog.set(k.name, pass[0]);
      else failures.push(`${k.name} ${JSON.stringify(k.config)}\n${out.slice(0, 2000)}`);
    }
    expect(failures.join('\n\n')).toBe('');
  }, 120_000);

  it(`VHDL-2008 (GHDL), the same clockings and traffic, the same counts as Verilog (TEST_SEED=${TEST_SEED})`, async () => {
    const failures: string[] = [];
    for (const k of CASES) {
      let out: string;
      try {
        const r = await simulateVhdl(
          { 'fifo_module.vhd': fifoGenerator.generate(k.config, 'vhdl').text, 'cdc_tb.vhd': cdcVhdl(k) },
          'cdc_tb',
          '08',
          60_000,
        );
        out = r.stdout + r.stderr;
      } catch (e) {
        out = (e as Error).message;
      }
      const pass = PASS.exec(out);
      if (!pass || /ERROR/.test(out)) failures.push(`${k.name} ${JSON.stringify(k.config)}\n${out.slice(0, 2000)}`);
      else if (verilog.has(k.name) && verilog.get(k.name) !== pass[0])
        failures.push(`${k.name}: Verilog ${verilog.get(k.name)}, VHDL ${pass[0]}`);
    }
    expect(failures.join('\n\n')).toBe('');
  }, 240_000);
});
