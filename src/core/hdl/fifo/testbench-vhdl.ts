/**
 * Self-checking VHDL-93 testbench for the generated fifo_module (phases in testbench.ts). The main
 * process runs the directed phases; a writer and a reader process run the random traffic on their
 * own clocks. DUT inputs are multiplexed between them so every signal has one driver.
 */
import { headerComment } from '../comment';
import { fifoPorts, type FifoDesign } from './design';
import { TB_FAIL, TB_NAME, TB_PASS, tbHeaderLines, tbSettings, type FifoTestbenchOptions } from './testbench';

export function generateFifoTestbenchVhdl(d: FifoDesign, options: FifoTestbenchOptions = {}): string {
  const s = tbSettings(d, options);
  const WCLK = d.wclk;
  const RCLK = d.rclk;
  const bool = (v: boolean) => (v ? 'true' : 'false');
  const portMap = fifoPorts(d)
    .map((p) => `${p.name} => ${p.name}`)
    .join(', ');
  const clocks = d.async
    ? `  wr_clk <= not wr_clk after WR_HALF when not done else wr_clk;
  rd_clk <= not rd_clk after RD_HALF when not done else rd_clk;`
    : `  clk <= not clk after WR_HALF when not done else clk;`;
  const clockSignals = d.async ? "signal wr_clk, rd_clk : std_logic := '0';" : "signal clk : std_logic := '0';";

  const readWord = d.fwft
    ? `    procedure read_word is
    begin
      wait until falling_edge(${RCLK});
      lat := 0;
      while empty = '1' and lat < 64 loop
        wait until falling_edge(${RCLK});
        lat := lat + 1;
      end loop;
      check(empty = '0', "read_word: FWFT FIFO stayed empty");
      got := dout; got_s := sbit_err; got_d := dbit_err;
      m_rd_en <= '1';
      wait until falling_edge(${RCLK});
      m_rd_en <= '0';
      rd_idx := rd_idx + 1;
    end procedure;`
    : `    procedure read_word is
    begin
      wait until falling_edge(${RCLK});
      check(empty = '0', "read_word: FIFO unexpectedly empty");
      m_rd_en <= '1';
      wait until falling_edge(${RCLK});
      m_rd_en <= '0';
      lat := 1;
      while valid = '0' and lat < 16 loop
        wait until falling_edge(${RCLK});
        lat := lat + 1;
      end loop;
      check(valid = '1' and lat = LATENCY, "read_word: read latency " & integer'image(lat) & ", expected " & integer'image(LATENCY));
      got := dout; got_s := sbit_err; got_d := dbit_err;
      rd_idx := rd_idx + 1;
    end procedure;`;

  const writerLoop = d.packet
    ? `      if pkt_left = 0 and pend_discard then
        r_wr_discard <= '1';
        pend_discard := false;
        w_idx := w_commit;
      else
        if pkt_left = 0 then
          lcg(seed, r);
          pkt_len := 1 + r mod MAX_PKT;
          lcg(seed, r);
          doomed := r mod 5 = 0 and w_commit - base < RANDOM_WORDS - MAX_PKT;
          if not doomed and pkt_len > RANDOM_WORDS - (w_commit - base) then
            pkt_len := RANDOM_WORDS - (w_commit - base);
          end if;
          pkt_left := pkt_len;
        end if;
        lcg(seed, r);
        if w_commit - base < RANDOM_WORDS / 2 then thr := 192; else thr := 96; end if;
        if r < thr and full = '0' then
          r_wr_en <= '1';
          if doomed then r_din <= not word(w_idx); else r_din <= word(w_idx); end if;
          if not doomed and pkt_left = 1 then
            r_wr_last <= '1';
            w_commit := w_idx + 1;
          end if;
          w_idx := w_idx + 1;
          pkt_left := pkt_left - 1;
          if doomed and pkt_left = 0 then pend_discard := true; end if;
        end if;
      end if;
      exit when w_commit - base >= RANDOM_WORDS and pkt_left = 0;`
    : `      lcg(seed, r);
      if w_idx - base < RANDOM_WORDS / 2 then thr := 192; else thr := 96; end if;
      if r < thr and full = '0' then
        r_wr_en <= '1';
        r_din <= word(w_idx);
        w_idx := w_idx + 1;
      end if;
      w_commit := w_idx;
      exit when w_idx - base >= RANDOM_WORDS;`;

  const readerLoop = d.fwft
    ? `      if empty = '0' then
        expected := word(r_idx);
        if dout = expected then
          chks := chks + 1;
        else
          chk(false, "random read " & integer'image(r_idx) & " got " & to_str(dout) & " expected " & to_str(expected));
        end if;
        chk(sbit_err = '0' and dbit_err = '0', "random: no ECC error");
      end if;
      lcg(seed, r);
      if r_idx - base < RANDOM_WORDS / 2 then thr := 96; else thr := 192; end if;
      issued := r < thr and empty = '0';
      r_rd_en <= to_sl(issued);
      if issued then r_idx := r_idx + 1; end if;
      exit when r_idx - base >= RANDOM_WORDS;`
    : `      f2 := f1;
      f1 := issued;
      if LATENCY = 1 then exp_valid := f1; else exp_valid := f2; end if;
      chk((valid = '1') = exp_valid, "random: valid follows rd_en by the read latency");
      if valid = '1' then
        expected := word(r_idx);
        if dout = expected then
          chks := chks + 1;
        else
          chk(false, "random read " & integer'image(r_idx) & " got " & to_str(dout) & " expected " & to_str(expected));
        end if;
        chk(sbit_err = '0' and dbit_err = '0', "random: no ECC error");
        r_idx := r_idx + 1;
      end if;
      lcg(seed, r);
      if r_issued - base < RANDOM_WORDS / 2 then thr := 96; else thr := 192; end if;
      issued := r < thr and empty = '0' and r_issued - base < RANDOM_WORDS;
      r_rd_en <= to_sl(issued);
      if issued then r_issued := r_issued + 1; end if;
      exit when r_idx - base >= RANDOM_WORDS;`;

  const packetPhase = d.packet
    ? `    -- ---- packet mode: nothing is readable before commit; discard drops the open packet
    for k in 1 to PKT_A - 1 loop
      write_word(false, false, false, false);
    end loop;
    settle; check_flags("packet: uncommitted words");
    check(empty = '1', "packet: uncommitted words are not readable");
    write_word(true, false, false, false);
    settle; check_flags("packet: first packet committed");
    for k in 1 to PKT_B loop
      write_word(false, false, false, true);
    end loop;
    settle; check_flags("packet: words of a packet to discard");
    discard;
    settle; check_flags("packet: after discard");
    for k in 1 to PKT_C loop
      write_word(k = PKT_C, false, false, false);
    end loop;
    settle; check_flags("packet: second packet committed");
    for k in 1 to PKT_A + PKT_C loop
      read_word;
      check_word("packet read", got, rd_idx - 1);
    end loop;
    settle; check_flags("packet: drained");
`
    : '';

  const eccPhase = d.ecc
    ? `    -- ---- ECC: single-bit errors are corrected, double-bit errors detected
    write_word(true, true, false, false);
    write_word(true, false, true, false);
    settle;
    read_word;
    check(got = word(rd_idx - 1) and got_s = '1' and got_d = '0', "ecc: single error corrected and flagged");
    read_word;
    check(got_s = '0' and got_d = '1', "ecc: double error detected");
    -- The two words filled a FIFO of depth 2: the write side must see the reads before writing.
    settle;
    write_word(true, false, false, false);
    settle;
    read_word;
    check(got = word(rd_idx - 1) and got_s = '0' and got_d = '0', "ecc: clean word");
    settle; check_flags("ecc: drained");
`
    : '';

  const firstWord = d.async
    ? '    check(empty = \'0\', "first word: becomes readable");'
    : `    check(lat = ${d.fwft ? s.latency : 0}, "first word: visible after " & integer'image(lat) & " cycles, expected ${d.fwft ? s.latency : 0}");`;

  const body = `library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity ${TB_NAME} is
end entity ${TB_NAME};

architecture sim of ${TB_NAME} is
  constant W            : integer := ${d.width};
  constant DEPTH        : integer := ${d.depth};
  constant AF_LEVEL     : integer := ${d.afLevel};
  constant AE_LEVEL     : integer := ${d.aeLevel};
  constant LATENCY      : integer := ${s.latency};
  constant PACKET       : boolean := ${bool(d.packet)};
  constant SETTLE_CYCLES : integer := ${s.settle};
  constant FILL_PKT     : integer := ${s.fillPacket};
  constant SPARSE       : boolean := ${bool(s.sparse)};
  constant PKT_A        : integer := ${s.packetA};
  constant PKT_B        : integer := ${s.packetB};
  constant PKT_C        : integer := ${s.packetC};
  constant RESET_WORDS  : integer := ${s.resetWords};
  constant MAX_PKT      : integer := ${s.maxPacket};
  constant RANDOM_WORDS : integer := ${s.randomWords};
  constant WR_HALF      : time := ${Math.round(s.wrPeriodPs / 2)} ps;
  constant RD_HALF      : time := ${Math.round(s.rdPeriodPs / 2)} ps;
  constant TIMEOUT      : time := ${Math.ceil(s.timeoutPs / 1000)} ns;

  subtype data_t is std_logic_vector(W - 1 downto 0);
  subtype u32 is unsigned(31 downto 0);

  ${clockSignals}
  signal done : boolean := false;
  signal rst  : std_logic := '1';
  -- DUT inputs: driven by the main process, or by the random writer/reader once rnd_go is set
  signal wr_en, wr_last, wr_discard, inject_sbit_err, inject_dbit_err, rd_en : std_logic;
  signal din : data_t;
  signal m_wr_en, m_wr_last, m_wr_discard, m_inj_s, m_inj_d, m_rd_en : std_logic := '0';
  signal m_din : data_t := (others => '0');
  signal r_wr_en, r_wr_last, r_wr_discard, r_rd_en : std_logic := '0';
  signal r_din : data_t := (others => '0');
  signal rnd_go, w_done, r_done : std_logic := '0';
  signal rnd_base_w, rnd_base_r : integer := 0;
  signal w_final_idx, w_final_commit, r_final_idx : integer := 0;
  signal w_errors, r_errors, w_checks, r_checks : integer := 0;
  -- DUT outputs
  signal full, almost_full, empty, almost_empty, valid : std_logic;
  signal dout : data_t;
  signal sbit_err, dbit_err : std_logic := '0';

  -- (n * 40503) mod 2**32 in integer arithmetic: numeric_std's 32 x 32 multiply is slow in GHDL.
  function mul40503(n : natural) return u32 is
    constant K : natural := 40503;
    variable b0, b1, lo, hi : natural;
  begin
    b0 := (n mod 65536) mod 256 * K;
    b1 := (n mod 65536) / 256 * K;
    lo := (b1 mod 256) * 256 + b0;
    hi := (n / 65536) * K mod 65536 + b1 / 256 + lo / 65536;
    return to_unsigned(hi mod 65536, 16) & to_unsigned(lo mod 65536, 16);
  end function;

  -- Reference data: word i of the stream (a hash of i, so every word differs).
  function word(i : integer) return data_t is
    variable r : data_t := (others => '0');
    variable x : u32;
  begin
    for c in 0 to (W + 31) / 32 - 1 loop
      x := mul40503(i + 7919 * c + 1);
      x := x xor shift_right(x, 13);
      if 32 * c + 31 < W then
        r(32 * c + 31 downto 32 * c) := std_logic_vector(x);
      else
        r(W - 1 downto 32 * c) := std_logic_vector(x(W - 1 - 32 * c downto 0));
      end if;
    end loop;
    return r;
  end function;

  -- Fill and drain check the flags at this count (all counts unless SPARSE).
  function watched(n : integer) return boolean is
  begin
    return not SPARSE or n <= 3 or n >= DEPTH - 3 or n mod 4096 = 0 or
           (n >= AF_LEVEL - 2 and n <= AF_LEVEL + 2) or (n >= AE_LEVEL - 2 and n <= AE_LEVEL + 2);
  end function;

  function to_sl(b : boolean) return std_logic is
  begin
    if b then return '1'; else return '0'; end if;
  end function;

  function to_str(v : std_logic_vector) return string is
    variable r : string(1 to v'length);
    variable k : integer := 1;
    variable img : string(1 to 3);
  begin
    for i in v'range loop
      img := std_logic'image(v(i));
      r(k) := img(2);
      k := k + 1;
    end loop;
    return r;
  end function;

  procedure lcg(s : inout u32; r : out integer) is
  begin
    s := resize(s * to_unsigned(1103515245, 32) + 12345, 32);
    r := to_integer(s(23 downto 16));
  end procedure;
begin
${clocks}

  wr_en      <= r_wr_en      when rnd_go = '1' else m_wr_en;
  wr_last    <= r_wr_last    when rnd_go = '1' else m_wr_last;
  wr_discard <= r_wr_discard when rnd_go = '1' else m_wr_discard;
  din        <= r_din        when rnd_go = '1' else m_din;
  rd_en      <= r_rd_en      when rnd_go = '1' else m_rd_en;
  inject_sbit_err <= m_inj_s;
  inject_dbit_err <= m_inj_d;

  dut : entity work.fifo_module port map (${portMap});

  watchdog : process
  begin
    wait until done for TIMEOUT;
    assert done report "${TB_FAIL} timeout" severity failure;
    wait;
  end process;

  main : process
    variable wr_idx, committed, rd_idx : integer := 0;
    variable errors, checks, lat : integer := 0;
    variable got : data_t;
    variable got_s, got_d : std_logic;

    procedure check(ok : boolean; what : string) is
    begin
      checks := checks + 1;
      if not ok then
        errors := errors + 1;
        report "ERROR: " & what severity error;
      end if;
    end procedure;

    -- Waits until every flag has caught up with the last write or read.
    procedure settle is
    begin
      for i in 1 to SETTLE_CYCLES loop
        wait until rising_edge(${WCLK});
        wait until rising_edge(${RCLK});
      end loop;
    end procedure;

    -- Compares the four flags with the model: the write side counts all accepted words,
    -- the read side only committed ones.
    procedure check_flags(place : string) is
      variable wcount, rcount : integer;
      variable ok : boolean;
    begin
      wcount := wr_idx - rd_idx;
      rcount := committed - rd_idx;
      ok := (full = '1') = (wcount = DEPTH) and (almost_full = '1') = (wcount >= AF_LEVEL) and
            (empty = '1') = (rcount = 0) and (almost_empty = '1') = (rcount <= AE_LEVEL);
      if ok then
        checks := checks + 1;  -- the message is built only on failure: it is slow in GHDL
      else
        check(false, place & ": full=" & std_logic'image(full) & " almost_full=" & std_logic'image(almost_full) &
              " empty=" & std_logic'image(empty) & " almost_empty=" & std_logic'image(almost_empty) &
              " for " & integer'image(wcount) & " written / " & integer'image(rcount) & " readable words");
      end if;
    end procedure;

    procedure check_word(what : string; v : data_t; i : integer) is
      variable expected : data_t;
    begin
      expected := word(i);
      if v = expected then
        checks := checks + 1;
      else
        check(false, what & " " & integer'image(i) & " got " & to_str(v) & " expected " & to_str(expected));
      end if;
    end procedure;

    procedure write_word(last, inj_s, inj_d, doomed : boolean) is
    begin
      wait until falling_edge(${WCLK});
      check(full = '0', "write_word: FIFO unexpectedly full");
      m_wr_en <= '1';
      if doomed then m_din <= not word(wr_idx); else m_din <= word(wr_idx); end if;
      m_wr_last <= to_sl(last);
      m_inj_s <= to_sl(inj_s);
      m_inj_d <= to_sl(inj_d);
      wait until falling_edge(${WCLK});
      m_wr_en <= '0'; m_wr_last <= '0'; m_inj_s <= '0'; m_inj_d <= '0';
      wr_idx := wr_idx + 1;
      if not PACKET or last then committed := wr_idx; end if;
    end procedure;

    procedure discard is
    begin
      wait until falling_edge(${WCLK});
      m_wr_discard <= '1';
      wait until falling_edge(${WCLK});
      m_wr_discard <= '0';
      wr_idx := committed;
    end procedure;

${readWord}
  begin
    -- ---- reset
    for i in 1 to 4 loop
      wait until rising_edge(${WCLK});
      wait until rising_edge(${RCLK});
    end loop;
    wait until falling_edge(${WCLK});
    rst <= '0';
    settle;
    check_flags("after reset");
    check(valid = '0', "after reset: valid low");
    check(sbit_err = '0' and dbit_err = '0', "after reset: no ECC error");

    -- ---- first word: ${d.fwft ? 'falls through to dout' : 'empty drops at once'}
    write_word(true, false, false, false);
    lat := 0;
    while empty = '1' and lat < 64 loop
      wait until falling_edge(${RCLK});
      lat := lat + 1;
    end loop;
${firstWord}
${d.fwft ? '    check(dout = word(0), "first word: FWFT data on dout before rd_en");\n' : ''}    read_word;
    check(got = word(0), "first word: data");
    settle; check_flags("first word read");

    -- ---- fill to full, flags after every (watched) word, then one write while full is ignored
    for k in 0 to DEPTH - 1 loop
      write_word(k mod FILL_PKT = FILL_PKT - 1 or k = DEPTH - 1, false, false, false);
      if watched(wr_idx - rd_idx) then
        settle; check_flags("fill");
      end if;
    end loop;
    check(full = '1', "fill: full after DEPTH words");
    wait until falling_edge(${WCLK});
    m_wr_en <= '1'; m_din <= not word(wr_idx);
    wait until falling_edge(${WCLK});
    m_wr_en <= '0';
    settle; check_flags("overflow attempt ignored");

    -- ---- drain to empty, flags after every (watched) word, then one read while empty is ignored
    for k in 0 to DEPTH - 1 loop
      read_word;
      check_word("drain read", got, rd_idx - 1);
      if watched(wr_idx - rd_idx) then
        settle; check_flags("drain");
      end if;
    end loop;
    check(empty = '1', "drain: empty after DEPTH reads");
    wait until falling_edge(${RCLK});
    m_rd_en <= '1';
    wait until falling_edge(${RCLK});
    m_rd_en <= '0';
    check(valid = '0', "underflow attempt: no data");
    settle; check_flags("underflow attempt ignored");

${packetPhase}${eccPhase}    -- ---- reset while the FIFO holds data: it empties and keeps working
    for k in 0 to RESET_WORDS - 1 loop
      write_word(k = RESET_WORDS - 2, false, false, false);
    end loop;
    settle; check_flags("before mid-run reset");
    wait until falling_edge(${WCLK});
    rst <= '1';
    for i in 1 to 4 loop
      wait until rising_edge(${WCLK});
      wait until rising_edge(${RCLK});
    end loop;
    wait until falling_edge(${WCLK});
    rst <= '0';
    rd_idx := wr_idx;
    committed := wr_idx;
    settle; check_flags("after mid-run reset");
    check(valid = '0' and sbit_err = '0' and dbit_err = '0', "after mid-run reset: outputs cleared");

    -- ---- random traffic against the reference stream
    rnd_base_w <= wr_idx;
    rnd_base_r <= rd_idx;
    rnd_go <= '1';
    wait until w_done = '1' and r_done = '1';
    wr_idx := w_final_idx;
    committed := w_final_commit;
    rd_idx := r_final_idx;
    settle; check_flags("after random traffic");

    errors := errors + w_errors + r_errors;
    checks := checks + w_checks + r_checks;
    if errors = 0 then
      report "${TB_PASS} checks=" & integer'image(checks);
    else
      report "${TB_FAIL} errors=" & integer'image(errors) & " checks=" & integer'image(checks) severity error;
    end if;
    done <= true;
    wait;
  end process;

  writer : process
    variable seed : u32;
    variable r, thr, base, w_idx, w_commit, pkt_left, pkt_len, errs, chks : integer := 0;
    variable doomed, pend_discard : boolean := false;
  begin
    wait until rnd_go = '1';
    seed := to_unsigned(${s.seed}, 32);
    base := rnd_base_w;
    w_idx := base;
    w_commit := base;
    loop
      wait until falling_edge(${WCLK});
      r_wr_en <= '0'; r_wr_last <= '0'; r_wr_discard <= '0';
${writerLoop
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}
    end loop;
    wait until falling_edge(${WCLK});
    r_wr_en <= '0'; r_wr_last <= '0'; r_wr_discard <= '0';
    w_final_idx <= w_idx;
    w_final_commit <= w_commit;
    w_errors <= errs;
    w_checks <= chks;
    w_done <= '1';
    wait;
  end process;

  reader : process
    variable seed : u32;
    variable r, thr, base, r_idx, r_issued, errs, chks : integer := 0;
    variable issued, f1, f2, exp_valid : boolean := false;
    variable expected : data_t;

    procedure chk(ok : boolean; what : string) is
    begin
      chks := chks + 1;
      if not ok then
        errs := errs + 1;
        report "ERROR: " & what severity error;
      end if;
    end procedure;
  begin
    wait until rnd_go = '1';
    seed := to_unsigned(${(s.seed * 7 + 3) % 2147483647}, 32);
    base := rnd_base_r;
    r_idx := base;
    r_issued := base;
    loop
      wait until falling_edge(${RCLK});
${readerLoop
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}
    end loop;
    wait until falling_edge(${RCLK});
    r_rd_en <= '0';
    r_final_idx <= r_idx;
    r_errors <= errs;
    r_checks <= chks;
    r_done <= '1';
    wait;
  end process;
end architecture sim;`;
  return [headerComment('vhdl', tbHeaderLines(d, s)), body, ''].join('\n');
}
