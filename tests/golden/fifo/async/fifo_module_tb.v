// fifo_module_tb: self-checking testbench for fifo_module
//
// Clocks: wr_clk 10 ns, rd_clk 13.7 ns (unrelated)
// Phases: reset values; first-word latency; fill to full
//   with an overflow attempt; drain to empty with an underflow attempt; all four
//   flags checked against the model after every word;
//   reset while holding data;
//   576 words of random read/write traffic checked in order.
// Prints "FIFO_TB PASS checks=N" on success, "FIFO_TB FAIL ..." or ERROR lines otherwise.

`timescale 1ns / 1ps

module fifo_module_tb;
  localparam W = 32;
  localparam DEPTH = 128;
  localparam AF_LEVEL = 102;
  localparam AE_LEVEL = 25;
  localparam LATENCY = 2;
  localparam ASYNC = 1;
  localparam FWFT = 0;
  localparam PACKET = 0;
  localparam SETTLE = 8;
  localparam FILL_PKT = 4;
  localparam SPARSE = 0;
  localparam PKT_A = 4;
  localparam PKT_B = 2;
  localparam PKT_C = 2;
  localparam RESET_WORDS = 5;
  localparam MAX_PKT = 8;
  localparam RANDOM_WORDS = 576;
  localparam NCHUNK = (W + 31) / 32;

  reg wr_clk = 1'b0;
  reg rd_clk = 1'b0;
  always #5.000 wr_clk = ~wr_clk;
  always #6.850 rd_clk = ~rd_clk;
  reg rst = 1'b1;
  reg wr_en = 1'b0;
  reg [W-1:0] din = {W{1'b0}};
  reg wr_last = 1'b0, wr_discard = 1'b0, inject_sbit_err = 1'b0, inject_dbit_err = 1'b0;
  reg rd_en = 1'b0;
  wire full, almost_full, empty, almost_empty, valid;
  wire [W-1:0] dout;
  wire sbit_err = 1'b0, dbit_err = 1'b0;

  fifo_module dut (.wr_clk(wr_clk), .rd_clk(rd_clk), .rst(rst), .wr_en(wr_en), .din(din), .full(full), .almost_full(almost_full), .rd_en(rd_en), .dout(dout), .valid(valid), .empty(empty), .almost_empty(almost_empty));

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
      repeat (SETTLE) begin @(posedge wr_clk); @(posedge rd_clk); end
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
      @(negedge wr_clk);
      check(!full, "write_word: FIFO unexpectedly full");
      wr_en = 1'b1;
      din = doomed ? ~word(wr_idx) : word(wr_idx);
      wr_last = last;
      inject_sbit_err = inj_s;
      inject_dbit_err = inj_d;
      @(negedge wr_clk);
      wr_en = 1'b0; wr_last = 1'b0; inject_sbit_err = 1'b0; inject_dbit_err = 1'b0;
      wr_idx = wr_idx + 1;
      if (!PACKET || last) committed = wr_idx;
    end
  endtask

  task discard;
    begin
      @(negedge wr_clk);
      wr_discard = 1'b1;
      @(negedge wr_clk);
      wr_discard = 1'b0;
      wr_idx = committed;
    end
  endtask

  task read_word;
    begin
      @(negedge rd_clk);
      check(!empty, "read_word: FIFO unexpectedly empty");
      rd_en = 1'b1;
      @(negedge rd_clk);
      rd_en = 1'b0;
      lat = 1;
      while (!valid && lat < 16) begin @(negedge rd_clk); lat = lat + 1; end
      if (lat != LATENCY) $display("ERROR at %0t: read latency %0d, expected %0d", $time, lat, LATENCY);
      check(valid && lat == LATENCY, "read_word: read latency");
      got = dout; got_s = sbit_err; got_d = dbit_err;
      rd_idx = rd_idx + 1;
    end
  endtask

  // ---- random traffic: writer and reader run concurrently on their own clocks
  integer w_base, w_idx, w_commit, w_seed, pkt_left, pkt_len, r_base, r_idx, r_issued, r_seed, r;
  integer w_done, r_done;
  reg doomed, pend_discard, issued, f1, f2;

  task rnd_writer;
    begin
      w_done = 0; pkt_left = 0; doomed = 0; pend_discard = 0;
      while (!w_done) begin
        @(negedge wr_clk);
        wr_en = 1'b0; wr_last = 1'b0; wr_discard = 1'b0;
        r = $random(w_seed) & 255;
        if (r < (w_idx - w_base < RANDOM_WORDS / 2 ? 192 : 96) && !full) begin
          wr_en = 1'b1;
          din = word(w_idx);
          w_idx = w_idx + 1;
        end
        if (w_idx - w_base >= RANDOM_WORDS) begin
          @(negedge wr_clk);
          wr_en = 1'b0;
          w_done = 1;
        end
      end
    end
  endtask

  task rnd_reader;
    begin
      r_done = 0; issued = 0; f1 = 0; f2 = 0;
      while (!r_done) begin
        @(negedge rd_clk);
        f2 = f1;
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
        if (r_idx - r_base >= RANDOM_WORDS) r_done = 1;
      end
      rd_en = 1'b0;
    end
  endtask

  initial begin : watchdog
    #289782.400;
    $display("FIFO_TB FAIL timeout after %0t (errors=%0d)", $time, errors);
    $finish;
  end

  initial begin : main
    // ---- reset
    repeat (4) begin @(posedge wr_clk); @(posedge rd_clk); end
    @(negedge wr_clk);
    rst = 1'b0;
    settle;
    check_flags("after reset");
    check(valid === 1'b0, "after reset: valid low");
    check(sbit_err === 1'b0 && dbit_err === 1'b0, "after reset: no ECC error");

    // ---- first word: empty drops at once
    write_word(1, 0, 0, 0);
    lat = 0;
    while (empty && lat < 64) begin @(negedge rd_clk); lat = lat + 1; end
    check(!empty, "first word: becomes readable");
    
    read_word;
    check(got === word(0), "first word: data");
    settle; check_flags("first word read");

    // ---- fill to full, flags after every (watched) word, then one write while full is ignored
    for (k = 0; k < DEPTH; k = k + 1) begin
      write_word((k % FILL_PKT) == FILL_PKT - 1 || k == DEPTH - 1, 0, 0, 0);
      if (watched(wr_idx - rd_idx)) begin settle; check_flags("fill"); end
    end
    check(full === 1'b1, "fill: full after DEPTH words");
    @(negedge wr_clk); wr_en = 1'b1; din = ~word(wr_idx);
    @(negedge wr_clk); wr_en = 1'b0;
    settle; check_flags("overflow attempt ignored");

    // ---- drain to empty, flags after every (watched) word, then one read while empty is ignored
    for (k = 0; k < DEPTH; k = k + 1) begin
      read_word;
      if (got !== word(rd_idx - 1)) $display("ERROR at %0t: drain read %0d got %h expected %h", $time, rd_idx - 1, got, word(rd_idx - 1));
      check(got === word(rd_idx - 1), "drain: data in order");
      if (watched(wr_idx - rd_idx)) begin settle; check_flags("drain"); end
    end
    check(empty === 1'b1, "drain: empty after DEPTH reads");
    @(negedge rd_clk); rd_en = 1'b1;
    @(negedge rd_clk); rd_en = 1'b0;
    check(valid === 1'b0, "underflow attempt: no data");
    settle; check_flags("underflow attempt ignored");

    // ---- reset while the FIFO holds data: it empties and keeps working
    for (k = 0; k < RESET_WORDS; k = k + 1) write_word(k == RESET_WORDS - 2, 0, 0, 0);
    settle; check_flags("before mid-run reset");
    @(negedge wr_clk); rst = 1'b1;
    repeat (4) begin @(posedge wr_clk); @(posedge rd_clk); end
    @(negedge wr_clk); rst = 1'b0;
    rd_idx = wr_idx; committed = wr_idx;
    settle; check_flags("after mid-run reset");
    check(valid === 1'b0 && sbit_err === 1'b0 && dbit_err === 1'b0, "after mid-run reset: outputs cleared");

    // ---- random traffic against the reference stream
    w_base = wr_idx; w_idx = wr_idx; w_commit = wr_idx; w_seed = 12345;
    r_base = rd_idx; r_idx = rd_idx; r_issued = rd_idx; r_seed = 86418;
    fork
      rnd_writer;
      rnd_reader;
    join
    wr_idx = w_idx; committed = PACKET ? w_commit : w_idx; rd_idx = r_idx;
    settle; check_flags("after random traffic");

    if (errors == 0) $display("FIFO_TB PASS checks=%0d", checks);
    else $display("FIFO_TB FAIL errors=%0d checks=%0d", errors, checks);
    $finish;
  end
endmodule
