-- fifo_module_tb: self-checking testbench for fifo_module
--
-- Clocks: clk 10 ns
-- Phases: reset values; first-word latency; fill to full
--   with an overflow attempt; drain to empty with an underflow attempt; all four
--   flags checked against the model after every word;
--   reset while holding data;
--   320 words of random read/write traffic checked in order.
-- Prints "FIFO_TB PASS checks=N" on success, "FIFO_TB FAIL ..." or ERROR lines otherwise.

library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity fifo_module_tb is
end entity fifo_module_tb;

architecture sim of fifo_module_tb is
  constant W            : integer := 32;
  constant DEPTH        : integer := 64;
  constant AF_LEVEL     : integer := 51;
  constant AE_LEVEL     : integer := 12;
  constant LATENCY      : integer := 2;
  constant PACKET       : boolean := false;
  constant SETTLE_CYCLES : integer := 2;
  constant FILL_PKT     : integer := 4;
  constant SPARSE       : boolean := false;
  constant PKT_A        : integer := 4;
  constant PKT_B        : integer := 2;
  constant PKT_C        : integer := 2;
  constant RESET_WORDS  : integer := 5;
  constant MAX_PKT      : integer := 8;
  constant RANDOM_WORDS : integer := 320;
  constant WR_HALF      : time := 5000 ps;
  constant RD_HALF      : time := 5000 ps;
  constant TIMEOUT      : time := 98880 ns;

  subtype data_t is std_logic_vector(W - 1 downto 0);
  subtype u32 is unsigned(31 downto 0);

  signal clk : std_logic := '0';
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
  clk <= not clk after WR_HALF when not done else clk;

  wr_en      <= r_wr_en      when rnd_go = '1' else m_wr_en;
  wr_last    <= r_wr_last    when rnd_go = '1' else m_wr_last;
  wr_discard <= r_wr_discard when rnd_go = '1' else m_wr_discard;
  din        <= r_din        when rnd_go = '1' else m_din;
  rd_en      <= r_rd_en      when rnd_go = '1' else m_rd_en;
  inject_sbit_err <= m_inj_s;
  inject_dbit_err <= m_inj_d;

  dut : entity work.fifo_module port map (clk => clk, rst => rst, wr_en => wr_en, din => din, full => full, almost_full => almost_full, rd_en => rd_en, dout => dout, valid => valid, empty => empty, almost_empty => almost_empty);

  watchdog : process
  begin
    wait until done for TIMEOUT;
    assert done report "FIFO_TB FAIL timeout" severity failure;
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
        wait until rising_edge(clk);
        wait until rising_edge(clk);
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
      wait until falling_edge(clk);
      check(full = '0', "write_word: FIFO unexpectedly full");
      m_wr_en <= '1';
      if doomed then m_din <= not word(wr_idx); else m_din <= word(wr_idx); end if;
      m_wr_last <= to_sl(last);
      m_inj_s <= to_sl(inj_s);
      m_inj_d <= to_sl(inj_d);
      wait until falling_edge(clk);
      m_wr_en <= '0'; m_wr_last <= '0'; m_inj_s <= '0'; m_inj_d <= '0';
      wr_idx := wr_idx + 1;
      if not PACKET or last then committed := wr_idx; end if;
    end procedure;

    procedure discard is
    begin
      wait until falling_edge(clk);
      m_wr_discard <= '1';
      wait until falling_edge(clk);
      m_wr_discard <= '0';
      wr_idx := committed;
    end procedure;

    procedure read_word is
    begin
      wait until falling_edge(clk);
      check(empty = '0', "read_word: FIFO unexpectedly empty");
      m_rd_en <= '1';
      wait until falling_edge(clk);
      m_rd_en <= '0';
      lat := 1;
      while valid = '0' and lat < 16 loop
        wait until falling_edge(clk);
        lat := lat + 1;
      end loop;
      check(valid = '1' and lat = LATENCY, "read_word: read latency " & integer'image(lat) & ", expected " & integer'image(LATENCY));
      got := dout; got_s := sbit_err; got_d := dbit_err;
      rd_idx := rd_idx + 1;
    end procedure;
  begin
    -- ---- reset
    for i in 1 to 4 loop
      wait until rising_edge(clk);
      wait until rising_edge(clk);
    end loop;
    wait until falling_edge(clk);
    rst <= '0';
    settle;
    check_flags("after reset");
    check(valid = '0', "after reset: valid low");
    check(sbit_err = '0' and dbit_err = '0', "after reset: no ECC error");

    -- ---- first word: empty drops at once
    write_word(true, false, false, false);
    lat := 0;
    while empty = '1' and lat < 64 loop
      wait until falling_edge(clk);
      lat := lat + 1;
    end loop;
    check(lat = 0, "first word: visible after " & integer'image(lat) & " cycles, expected 0");
    read_word;
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
    wait until falling_edge(clk);
    m_wr_en <= '1'; m_din <= not word(wr_idx);
    wait until falling_edge(clk);
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
    wait until falling_edge(clk);
    m_rd_en <= '1';
    wait until falling_edge(clk);
    m_rd_en <= '0';
    check(valid = '0', "underflow attempt: no data");
    settle; check_flags("underflow attempt ignored");

    -- ---- reset while the FIFO holds data: it empties and keeps working
    for k in 0 to RESET_WORDS - 1 loop
      write_word(k = RESET_WORDS - 2, false, false, false);
    end loop;
    settle; check_flags("before mid-run reset");
    wait until falling_edge(clk);
    rst <= '1';
    for i in 1 to 4 loop
      wait until rising_edge(clk);
      wait until rising_edge(clk);
    end loop;
    wait until falling_edge(clk);
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
      report "FIFO_TB PASS checks=" & integer'image(checks);
    else
      report "FIFO_TB FAIL errors=" & integer'image(errors) & " checks=" & integer'image(checks) severity error;
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
    seed := to_unsigned(12345, 32);
    base := rnd_base_w;
    w_idx := base;
    w_commit := base;
    loop
      wait until falling_edge(clk);
      r_wr_en <= '0'; r_wr_last <= '0'; r_wr_discard <= '0';
        lcg(seed, r);
        if w_idx - base < RANDOM_WORDS / 2 then thr := 192; else thr := 96; end if;
        if r < thr and full = '0' then
          r_wr_en <= '1';
          r_din <= word(w_idx);
          w_idx := w_idx + 1;
        end if;
        w_commit := w_idx;
        exit when w_idx - base >= RANDOM_WORDS;
    end loop;
    wait until falling_edge(clk);
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
    seed := to_unsigned(86418, 32);
    base := rnd_base_r;
    r_idx := base;
    r_issued := base;
    loop
      wait until falling_edge(clk);
        f2 := f1;
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
        exit when r_idx - base >= RANDOM_WORDS;
    end loop;
    wait until falling_edge(clk);
    r_rd_en <= '0';
    r_final_idx <= r_idx;
    r_errors <= errs;
    r_checks <= chks;
    r_done <= '1';
    wait;
  end process;
end architecture sim;
