/**
 * Self-checking Verilog-2005 testbench for the generated fifo_module (see testbench.ts for the
 * phases). Inputs are driven and outputs sampled on falling clock edges, so there are no races
 * with the design's rising-edge registers.
 */
import { headerComment } from '../comment';
import { fifoPorts, type FifoDesign } from './design';
import { TB_FAIL, TB_NAME, TB_PASS, tbHeaderLines, tbSettings, type FifoTestbenchOptions } from './testbench';

const ns = (ps: number) => (ps / 1000).toFixed(3);

export function generateFifoTestbenchVerilog(d: FifoDesign, options: FifoTestbenchOptions = {}): string {
  const s = tbSettings(d, options);
  const WCLK = d.wclk;
  const RCLK = d.rclk;
  const b = (v: boolean) => (v ? 1 : 0);
  const conns = fifoPorts(d)
    .map((p) => `.${p.name}(${p.name})`)
    .join(', ');
  const clocks = d.async
    ? [
        `reg wr_clk = 1'b0;`,
        `reg rd_clk = 1'b0;`,
        `always #${ns(s.wrPeriodPs / 2)} wr_clk = ~wr_clk;`,
        `always #${ns(s.rdPeriodPs / 2)} rd_clk = ~rd_clk;`,
      ]
    : [`reg clk = 1'b0;`, `always #${ns(s.wrPeriodPs / 2)} clk = ~clk;`];

  const readWord = d.fwft
    ? `  task read_word;
    begin
      @(negedge ${RCLK});
      lat = 0;
      while (empty && lat < 64) begin @(negedge ${RCLK}); lat = lat + 1; end
      check(!empty, "read_word: FWFT FIFO stayed empty");
      got = dout; got_s = sbit_err; got_d = dbit_err;
      rd_en = 1'b1;
      @(negedge ${RCLK});
      rd_en = 1'b0;
      rd_idx = rd_idx + 1;
    end
  endtask`
    : `  task read_word;
    begin
      @(negedge ${RCLK});
      check(!empty, "read_word: FIFO unexpectedly empty");
      rd_en = 1'b1;
      @(negedge ${RCLK});
      rd_en = 1'b0;
      lat = 1;
      while (!valid && lat < 16) begin @(negedge ${RCLK}); lat = lat + 1; end
      if (lat != LATENCY) $display("ERROR at %0t: read latency %0d, expected %0d", $time, lat, LATENCY);
      check(valid && lat == LATENCY, "read_word: read latency");
      got = dout; got_s = sbit_err; got_d = dbit_err;
      rd_idx = rd_idx + 1;
    end
  endtask`;

  const readerBody = d.fwft
    ? `        if (!empty) begin
          if (dout !== word(r_idx)) $display("ERROR at %0t: random read %0d got %h expected %h", $time, r_idx, dout, word(r_idx));
          check(dout === word(r_idx), "random: FWFT data");
          check(sbit_err === 1'b0 && dbit_err === 1'b0, "random: no ECC error");
        end
        r = $random(r_seed) & 255;
        rd_en = (r < (r_idx - r_base < RANDOM_WORDS / 2 ? 96 : 192)) && !empty;
        if (rd_en) r_idx = r_idx + 1;
        if (r_idx - r_base >= RANDOM_WORDS) begin
          @(negedge ${RCLK});
          rd_en = 1'b0;
          r_done = 1;
        end`
    : `        f2 = f1;
        f1 = issued;
        check(valid === (LATENCY == 1 ? f1 : f2), "random: valid follows rd_en by the read latency");
        if (valid) begin
          if (dout !== word(r_idx)) $display("ERROR at %0t: random read %0d got %h expected %h", $time, r_idx, dout, word(r_idx));
          check(dout === word(r_idx), "random: read data");
          check(sbit_err === 1'b0 && dbit_err === 1'b0, "random: no ECC error");
          r_idx = r_idx + 1;
        end
        r = $random(r_seed) & 255;
        rd_en = (r < (r_issued - r_base < RANDOM_WORDS / 2 ? 96 : 192)) && !empty && (r_issued - r_base < RANDOM_WORDS);
        issued = rd_en;
        if (rd_en) r_issued = r_issued + 1;
        if (r_idx - r_base >= RANDOM_WORDS) r_done = 1;`;

  const writerBody = d.packet
    ? `        if (pkt_left == 0 && pend_discard) begin
          wr_discard = 1'b1;
          pend_discard = 0;
          w_idx = w_commit;
        end else begin
          if (pkt_left == 0) begin
            pkt_len = 1 + (($random(w_seed) & 255) % MAX_PKT);
            doomed = (($random(w_seed) & 255) % 5 == 0) && (w_commit - w_base < RANDOM_WORDS - MAX_PKT);
            if (!doomed && pkt_len > RANDOM_WORDS - (w_commit - w_base)) pkt_len = RANDOM_WORDS - (w_commit - w_base);
            pkt_left = pkt_len;
          end
          r = $random(w_seed) & 255;
          if (r < (w_commit - w_base < RANDOM_WORDS / 2 ? 192 : 96) && !full) begin
            wr_en = 1'b1;
            din = doomed ? ~word(w_idx) : word(w_idx);
            wr_last = !doomed && pkt_left == 1;
            w_idx = w_idx + 1;
            pkt_left = pkt_left - 1;
            if (wr_last) w_commit = w_idx;
            if (doomed && pkt_left == 0) pend_discard = 1;
          end
        end
        if (w_commit - w_base >= RANDOM_WORDS && pkt_left == 0) begin
          @(negedge ${WCLK});
          wr_en = 1'b0; wr_last = 1'b0; wr_discard = 1'b0;
          w_done = 1;
        end`
    : `        r = $random(w_seed) & 255;
        if (r < (w_idx - w_base < RANDOM_WORDS / 2 ? 192 : 96) && !full) begin
          wr_en = 1'b1;
          din = word(w_idx);
          w_idx = w_idx + 1;
        end
        if (w_idx - w_base >= RANDOM_WORDS) begin
          @(negedge ${WCLK});
          wr_en = 1'b0;
          w_done = 1;
        end`;

  const packetPhase = d.packet
    ? `    // ---- packet mode: nothing is readable before commit; discard drops the open packet
    for (k = 0; k < PKT_A - 1; k = k + 1) write_word(0, 0, 0, 0);
    settle; check_flags("packet: uncommitted words");
    check(empty === 1'b1, "packet: uncommitted words are not readable");
    write_word(1, 0, 0, 0);
    settle; check_flags("packet: first packet committed");
    for (k = 0; k < PKT_B; k = k + 1) write_word(0, 0, 0, 1);
    settle; check_flags("packet: words of a packet to discard");
    discard;
    settle; check_flags("packet: after discard");
    for (k = 0; k < PKT_C; k = k + 1) write_word(k == PKT_C - 1, 0, 0, 0);
    settle; check_flags("packet: second packet committed");
    for (k = 0; k < PKT_A + PKT_C; k = k + 1) begin
      read_word;
      if (got !== word(rd_idx - 1)) $display("ERROR at %0t: packet read %0d got %h expected %h", $time, rd_idx - 1, got, word(rd_idx - 1));
      check(got === word(rd_idx - 1), "packet: data in order, discarded words absent");
    end
    settle; check_flags("packet: drained");
`
    : '';

  const eccPhase = d.ecc
    ? `    // ---- ECC: single-bit errors are corrected, double-bit errors detected
    write_word(1, 1, 0, 0);
    write_word(1, 0, 1, 0);
    settle;
    read_word;
    check(got === word(rd_idx - 1) && got_s === 1'b1 && got_d === 1'b0, "ecc: single error corrected and flagged");
    read_word;
    check(got_s === 1'b0 && got_d === 1'b1, "ecc: double error detected");
    // The two words filled a FIFO of depth 2: the write side must see the reads before writing.
    settle;
    write_word(1, 0, 0, 0);
    settle;
    read_word;
    check(got === word(rd_idx - 1) && got_s === 1'b0 && got_d === 1'b0, "ecc: clean word");
    settle; check_flags("ecc: drained");
`
    : '';

  const body = `module ${TB_NAME};
  localparam W = ${d.width};
  localparam DEPTH = ${d.depth};
  localparam AF_LEVEL = ${d.afLevel};
  localparam AE_LEVEL = ${d.aeLevel};
  localparam LATENCY = ${s.latency};
  localparam ASYNC = ${b(d.async)};
  localparam FWFT = ${b(d.fwft)};
  localparam PACKET = ${b(d.packet)};
  localparam SETTLE = ${s.settle};
  localparam FILL_PKT = ${s.fillPacket};
  localparam SPARSE = ${b(s.sparse)};
  localparam PKT_A = ${s.packetA};
  localparam PKT_B = ${s.packetB};
  localparam PKT_C = ${s.packetC};
  localparam RESET_WORDS = ${s.resetWords};
  localparam MAX_PKT = ${s.maxPacket};
  localparam RANDOM_WORDS = ${s.randomWords};
  localparam NCHUNK = (W + 31) / 32;

  ${clocks.join('\n  ')}
  reg rst = 1'b1;
  reg wr_en = 1'b0;
  reg [W-1:0] din = {W{1'b0}};
  reg wr_last = 1'b0, wr_discard = 1'b0, inject_sbit_err = 1'b0, inject_dbit_err = 1'b0;
  reg rd_en = 1'b0;
  wire full, almost_full, empty, almost_empty, valid;
  wire [W-1:0] dout;
  ${d.ecc ? 'wire sbit_err, dbit_err;' : "wire sbit_err = 1'b0, dbit_err = 1'b0;"}

  fifo_module dut (${conns});

  integer errors = 0, checks = 0;
  integer wr_idx = 0, committed = 0, rd_idx = 0;
  integer lat, k;
  reg [W-1:0] got;
  reg got_s, got_d;

  // Reference data: word i of the stream (a hash of i, so every word differs).
  function [W-1:0] word;
    input integer i;
    integer c;
    reg [32*NCHUNK-1:0] chunks;
    reg [31:0] x;
    begin
      for (c = 0; c < NCHUNK; c = c + 1) begin
        x = (i + 7919 * c + 1) * 40503;
        chunks[32 * c +: 32] = x ^ (x >> 13);
      end
      word = chunks[W-1:0];
    end
  endfunction

  task check;
    input ok;
    input [8*64:1] what;
    begin
      checks = checks + 1;
      if (ok !== 1'b1) begin
        errors = errors + 1;
        $display("ERROR at %0t: %0s", $time, what);
      end
    end
  endtask

  // Fill and drain check the flags at this count (all counts unless SPARSE).
  function watched;
    input integer n;
    watched = !SPARSE || n <= 3 || n >= DEPTH - 3 || n % 4096 == 0 ||
              (n >= AF_LEVEL - 2 && n <= AF_LEVEL + 2) || (n >= AE_LEVEL - 2 && n <= AE_LEVEL + 2);
  endfunction

  // Waits until every flag has caught up with the last write or read.
  task settle;
    begin
      repeat (SETTLE) begin @(posedge ${WCLK}); @(posedge ${RCLK}); end
    end
  endtask

  // Compares the four flags with the model: write side counts all accepted words,
  // read side only committed ones.
  task check_flags;
    input [8*48:1] where;
    integer wcount, rcount;
    begin
      wcount = wr_idx - rd_idx;
      rcount = committed - rd_idx;
      checks = checks + 1;
      if (full !== (wcount == DEPTH) || almost_full !== (wcount >= AF_LEVEL) ||
          empty !== (rcount == 0) || almost_empty !== (rcount <= AE_LEVEL)) begin
        errors = errors + 1;
        $display("ERROR at %0t: %0s: full=%b almost_full=%b empty=%b almost_empty=%b for %0d written / %0d readable words",
                 $time, where, full, almost_full, empty, almost_empty, wcount, rcount);
      end
    end
  endtask

  task write_word;
    input last, inj_s, inj_d, doomed;
    begin
      @(negedge ${WCLK});
      check(!full, "write_word: FIFO unexpectedly full");
      wr_en = 1'b1;
      din = doomed ? ~word(wr_idx) : word(wr_idx);
      wr_last = last;
      inject_sbit_err = inj_s;
      inject_dbit_err = inj_d;
      @(negedge ${WCLK});
      wr_en = 1'b0; wr_last = 1'b0; inject_sbit_err = 1'b0; inject_dbit_err = 1'b0;
      wr_idx = wr_idx + 1;
      if (!PACKET || last) committed = wr_idx;
    end
  endtask

  task discard;
    begin
      @(negedge ${WCLK});
      wr_discard = 1'b1;
      @(negedge ${WCLK});
      wr_discard = 1'b0;
      wr_idx = committed;
    end
  endtask

${readWord}

  // ---- random traffic: writer and reader run concurrently on their own clocks
  integer w_base, w_idx, w_commit, w_seed, pkt_left, pkt_len, r_base, r_idx, r_issued, r_seed, r;
  integer w_done, r_done;
  reg doomed, pend_discard, issued, f1, f2;

  task rnd_writer;
    begin
      w_done = 0; pkt_left = 0; doomed = 0; pend_discard = 0;
      while (!w_done) begin
        @(negedge ${WCLK});
        wr_en = 1'b0; wr_last = 1'b0; wr_discard = 1'b0;
${writerBody}
      end
    end
  endtask

  task rnd_reader;
    begin
      r_done = 0; issued = 0; f1 = 0; f2 = 0;
      while (!r_done) begin
        @(negedge ${RCLK});
${readerBody}
      end
      rd_en = 1'b0;
    end
  endtask

  initial begin : watchdog
    #${ns(s.timeoutPs)};
    $display("${TB_FAIL} timeout after %0t (errors=%0d)", $time, errors);
    $finish;
  end

  initial begin : main
    // ---- reset
    repeat (4) begin @(posedge ${WCLK}); @(posedge ${RCLK}); end
    @(negedge ${WCLK});
    rst = 1'b0;
    settle;
    check_flags("after reset");
    check(valid === 1'b0, "after reset: valid low");
    check(sbit_err === 1'b0 && dbit_err === 1'b0, "after reset: no ECC error");

    // ---- first word: ${d.fwft ? 'falls through to dout' : 'empty drops at once'}
    write_word(1, 0, 0, 0);
    lat = 0;
    while (empty && lat < 64) begin @(negedge ${RCLK}); lat = lat + 1; end
    ${
      d.async
        ? 'check(!empty, "first word: becomes readable");'
        : `if (lat != ${d.fwft ? s.latency : 0}) $display("ERROR at %0t: first word visible after %0d cycles, expected ${d.fwft ? s.latency : 0}", $time, lat);
    check(lat == ${d.fwft ? s.latency : 0}, "first word: timing");`
    }
    ${d.fwft ? 'check(dout === word(0), "first word: FWFT data on dout before rd_en");' : ''}
    read_word;
    check(got === word(0), "first word: data");
    settle; check_flags("first word read");

    // ---- fill to full, flags after every (watched) word, then one write while full is ignored
    for (k = 0; k < DEPTH; k = k + 1) begin
      write_word((k % FILL_PKT) == FILL_PKT - 1 || k == DEPTH - 1, 0, 0, 0);
      if (watched(wr_idx - rd_idx)) begin settle; check_flags("fill"); end
    end
    check(full === 1'b1, "fill: full after DEPTH words");
    @(negedge ${WCLK}); wr_en = 1'b1; din = ~word(wr_idx);
    @(negedge ${WCLK}); wr_en = 1'b0;
    settle; check_flags("overflow attempt ignored");

    // ---- drain to empty, flags after every (watched) word, then one read while empty is ignored
    for (k = 0; k < DEPTH; k = k + 1) begin
      read_word;
      if (got !== word(rd_idx - 1)) $display("ERROR at %0t: drain read %0d got %h expected %h", $time, rd_idx - 1, got, word(rd_idx - 1));
      check(got === word(rd_idx - 1), "drain: data in order");
      if (watched(wr_idx - rd_idx)) begin settle; check_flags("drain"); end
    end
    check(empty === 1'b1, "drain: empty after DEPTH reads");
    @(negedge ${RCLK}); rd_en = 1'b1;
    @(negedge ${RCLK}); rd_en = 1'b0;
    check(valid === ${d.fwft ? "1'b0" : "1'b0"}, "underflow attempt: no data");
    settle; check_flags("underflow attempt ignored");

${packetPhase}${eccPhase}    // ---- reset while the FIFO holds data: it empties and keeps working
    for (k = 0; k < RESET_WORDS; k = k + 1) write_word(k == RESET_WORDS - 2, 0, 0, 0);
    settle; check_flags("before mid-run reset");
    @(negedge ${WCLK}); rst = 1'b1;
    repeat (4) begin @(posedge ${WCLK}); @(posedge ${RCLK}); end
    @(negedge ${WCLK}); rst = 1'b0;
    rd_idx = wr_idx; committed = wr_idx;
    settle; check_flags("after mid-run reset");
    check(valid === 1'b0 && sbit_err === 1'b0 && dbit_err === 1'b0, "after mid-run reset: outputs cleared");

    // ---- random traffic against the reference stream
    w_base = wr_idx; w_idx = wr_idx; w_commit = wr_idx; w_seed = ${s.seed};
    r_base = rd_idx; r_idx = rd_idx; r_issued = rd_idx; r_seed = ${(s.seed * 7 + 3) % 2147483647};
    fork
      rnd_writer;
      rnd_reader;
    join
    wr_idx = w_idx; committed = PACKET ? w_commit : w_idx; rd_idx = r_idx;
    settle; check_flags("after random traffic");

    if (errors == 0) $display("${TB_PASS} checks=%0d", checks);
    else $display("${TB_FAIL} errors=%0d checks=%0d", errors, checks);
    $finish;
  end
endmodule`;
  return [headerComment('verilog', tbHeaderLines(d, s)), '`timescale 1ns / 1ps', '', body, ''].join('\n');
}
