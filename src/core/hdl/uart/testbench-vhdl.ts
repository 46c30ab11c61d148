/** Self-checking VHDL-93 testbench for the generated UART (phases in testbench.ts). */
import type { UartConfig } from './config';
import { PARITY_CODE, UART_MODULE } from './design';
import { plan, tbHeader, type UartTestbenchOptions } from './testbench';

function vhdlWordList(words: number[]): string {
  return words.map((w, i) => `${i} => ${w}`).join(', ');
}

export function generateUartTestbenchVhdl(c: UartConfig, o: UartTestbenchOptions = {}): string {
  const p = plan(c, o);
  const n = p.words.length;
  const [wParity, wFrame, wGood] = p.special;
  return `${tbHeader('vhdl', p)}
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity ${UART_MODULE}_tb is
end entity ${UART_MODULE}_tb;

architecture sim of ${UART_MODULE}_tb is
  constant CLK_FREQ      : positive := ${p.clockFreq};
  constant BAUD_RATE     : positive := ${c.baudRate};
  constant OVERSAMPLING  : positive := ${c.oversampling};
  constant DATA_BITS     : positive := ${c.dataBits};
  constant PARITY        : natural  := ${PARITY_CODE[c.parity]};
  constant STOP_BITS     : positive := ${c.stopBits};
  constant FIFO_DEPTH    : positive := ${c.fifoDepth};
  constant BIT_CLKS      : positive := (CLK_FREQ / (BAUD_RATE * OVERSAMPLING)) * OVERSAMPLING;
  constant FRAME_CLKS    : positive := ${p.frameClks};
  constant SEND_CLKS     : positive := ${p.sendClks};  -- bit length of the frames driven onto rxd
  constant NUM_WORDS     : positive := ${n};
  constant CHECK_OVERRUN : boolean  := ${p.overrun ? 'true' : 'false'};

  type word_list is array (natural range <>) of natural;
  constant WORDS : word_list(0 to NUM_WORDS - 1) := (${vhdlWordList(p.words)});

  signal clk          : std_logic := '0';
  signal rst          : std_logic := '1';
  signal done         : boolean := false;
  signal tx_data      : std_logic_vector(DATA_BITS - 1 downto 0) := (others => '0');
  signal tx_wr_en     : std_logic := '0';
  signal tx_full      : std_logic;
  signal tx_empty     : std_logic;
  signal tx_busy      : std_logic;
  signal txd          : std_logic;
  signal inject       : std_logic := '0';  -- '1': the testbench drives rxd instead of txd
  signal line         : std_logic := '1';
  signal rxd          : std_logic;
  signal rx_data      : std_logic_vector(DATA_BITS - 1 downto 0);
  signal rx_rd_en     : std_logic := '0';
  signal rx_empty     : std_logic;
  signal rx_full      : std_logic;
  signal frame_error  : std_logic;
  signal parity_error : std_logic;
  signal rx_overrun   : std_logic;
  signal monitor_on   : boolean := false;
  signal monitored    : natural := 0;
  signal mon_errors   : natural := 0;
  signal overruns     : natural := 0;
  signal count_overruns : boolean := false;

  function to_word(v : natural) return std_logic_vector is
  begin
    return std_logic_vector(to_unsigned(v, DATA_BITS));
  end function to_word;

  function image(v : std_logic_vector) return string is
  begin
    if is_x(v) then
      return "X";
    end if;
    return integer'image(to_integer(unsigned(v)));
  end function image;

  function bit_image(b : std_logic) return string is
  begin
    return std_logic'image(b);
  end function bit_image;

  -- The parity bit by its definition, not by the design's XOR chain: the bit that makes the
  -- count of ones in the data and parity even (PARITY = 1) or odd (PARITY = 2).
  function expected_parity(v : std_logic_vector) return std_logic is
    variable ones : natural := 0;
  begin
    for i in v'range loop
      if v(i) = '1' then
        ones := ones + 1;
      end if;
    end loop;
    if (ones mod 2 = 0) = (PARITY = 1) then
      return '0';
    end if;
    return '1';
  end function expected_parity;
begin
  clocking : process
  begin
    while not done loop
      clk <= '0';
      wait for 5 ns;
      clk <= '1';
      wait for 5 ns;
    end loop;
    wait;
  end process clocking;

  rxd <= line when inject = '1' else txd;

  dut : entity work.${UART_MODULE}
    generic map (
      CLK_FREQ => CLK_FREQ, BAUD_RATE => BAUD_RATE, OVERSAMPLING => OVERSAMPLING,
      DATA_BITS => DATA_BITS, PARITY => PARITY, STOP_BITS => STOP_BITS, FIFO_DEPTH => FIFO_DEPTH
    )
    port map (
      clk => clk, rst => rst,
      tx_data => tx_data, tx_wr_en => tx_wr_en, tx_full => tx_full, tx_empty => tx_empty,
      tx_busy => tx_busy, txd => txd,
      rxd => rxd, rx_data => rx_data, rx_rd_en => rx_rd_en, rx_empty => rx_empty, rx_full => rx_full,
      frame_error => frame_error, parity_error => parity_error, rx_overrun => rx_overrun
    );

  overrun_counter : process (clk)
  begin
    if rising_edge(clk) then
      if not count_overruns then
        overruns <= 0;
      elsif rx_overrun = '1' then
        overruns <= overruns + 1;
      end if;
    end if;
  end process overrun_counter;

  watchdog : process
  begin
    wait until done for ${p.timeoutCycles * 10} ns;
    if not done then
      report "FAIL: timeout" severity failure;
    end if;
    wait;
  end process watchdog;

  -- Independent decoder of the txd line, sampling each bit in its middle.
  monitor : process
    variable w     : std_logic_vector(DATA_BITS - 1 downto 0);
    variable count : natural := 0;
    variable errs  : natural := 0;
    procedure wait_clks(n : natural) is
    begin
      for k in 1 to n loop
        wait until rising_edge(clk);
      end loop;
    end procedure wait_clks;
  begin
    wait until monitor_on;
    loop
      wait until falling_edge(txd);
      wait_clks(BIT_CLKS / 2);
      if txd /= '0' then
        report "FAIL: txd start bit is not low mid-bit" severity error;
        errs := errs + 1;
      end if;
      for b in 0 to DATA_BITS - 1 loop
        wait_clks(BIT_CLKS);
        w(b) := txd;
      end loop;
      if PARITY /= 0 then
        wait_clks(BIT_CLKS);
        if txd /= expected_parity(w) then
          report "FAIL: txd parity bit wrong for word " & image(w) severity error;
          errs := errs + 1;
        end if;
      end if;
      for s in 1 to STOP_BITS loop
        wait_clks(BIT_CLKS);
        if txd /= '1' then
          report "FAIL: txd stop bit " & integer'image(s) & " is not high" severity error;
          errs := errs + 1;
        end if;
      end loop;
      if count >= NUM_WORDS then
        report "FAIL: txd carried an extra word " & image(w) severity error;
        errs := errs + 1;
      elsif w /= to_word(WORDS(count)) then
        report "FAIL: txd carried word " & image(w) & ", expected " & integer'image(WORDS(count)) severity error;
        errs := errs + 1;
      end if;
      count := count + 1;
      monitored <= count;
      mon_errors <= errs;
    end loop;
  end process monitor;

  stimulus : process
    variable errors   : natural := 0;
    variable sent     : natural := 0;
    variable received : natural := 0;
    variable cycles   : natural := 0;

    procedure wait_falling(n : natural) is
    begin
      for k in 1 to n loop
        wait until falling_edge(clk);
      end loop;
    end procedure wait_falling;

    -- Drives one frame on rxd; optionally with a wrong parity bit or low stop bits.
    procedure send_frame(w : natural; bad_parity : boolean; bad_stop : boolean) is
      variable v : std_logic_vector(DATA_BITS - 1 downto 0);
    begin
      v := to_word(w);
      line <= '0';
      wait_falling(SEND_CLKS);
      for b in 0 to DATA_BITS - 1 loop
        line <= v(b);
        wait_falling(SEND_CLKS);
      end loop;
      if PARITY /= 0 then
        if bad_parity then
          line <= not expected_parity(v);
        else
          line <= expected_parity(v);
        end if;
        wait_falling(SEND_CLKS);
      end if;
      for s in 1 to STOP_BITS loop
        if bad_stop then
          line <= '0';
        else
          line <= '1';
        end if;
        wait_falling(SEND_CLKS);
      end loop;
      line <= '1';
      wait_falling(2 * SEND_CLKS);
    end procedure send_frame;

    -- Waits for a received word, checks it and its error flags, then pops it.
    procedure expect_word(w : natural; fe : std_logic; pe : std_logic) is
      variable waited : natural := 0;
    begin
      while rx_empty = '1' and waited < 4 * FRAME_CLKS loop
        wait until falling_edge(clk);
        waited := waited + 1;
      end loop;
      if rx_empty = '1' then
        report "FAIL: no word received (expected " & integer'image(w) & ")" severity error;
        errors := errors + 1;
      else
        if rx_data /= to_word(w) or frame_error /= fe or parity_error /= pe then
          report "FAIL: expected word " & integer'image(w) & " (frame_error " & bit_image(fe) & ", parity_error " & bit_image(pe)
            & "), got " & image(rx_data) & " (" & bit_image(frame_error) & ", " & bit_image(parity_error) & ")" severity error;
          errors := errors + 1;
        end if;
        rx_rd_en <= '1';
        wait until falling_edge(clk);
        rx_rd_en <= '0';
      end if;
    end procedure expect_word;
  begin
    wait_falling(4);
    rst <= '0';
    monitor_on <= true;
    wait until falling_edge(clk);

    -- 1. Loopback: write as fast as the TX FIFO accepts, read as soon as words arrive.
    while (sent < NUM_WORDS or received < NUM_WORDS) and cycles < (NUM_WORDS + 2) * FRAME_CLKS * 2 loop
      tx_wr_en <= '0';
      rx_rd_en <= '0';
      if sent < NUM_WORDS and tx_full = '0' then
        tx_data  <= to_word(WORDS(sent));
        tx_wr_en <= '1';
        sent := sent + 1;
      end if;
      if rx_empty = '0' then
        if rx_data /= to_word(WORDS(received)) or frame_error /= '0' or parity_error /= '0' then
          report "FAIL: loopback word " & integer'image(received) & ": expected " & integer'image(WORDS(received))
            & ", got " & image(rx_data) & " (frame_error " & bit_image(frame_error) & ", parity_error " & bit_image(parity_error) & ")" severity error;
          errors := errors + 1;
        end if;
        rx_rd_en <= '1';
        received := received + 1;
      end if;
      wait until falling_edge(clk);
      cycles := cycles + 1;
    end loop;
    tx_wr_en <= '0';
    rx_rd_en <= '0';
    if received /= NUM_WORDS then
      report "FAIL: loopback received " & integer'image(received) & " of " & integer'image(NUM_WORDS) & " words" severity error;
      errors := errors + 1;
    end if;
    wait_falling(2 * BIT_CLKS);
    if monitored /= NUM_WORDS or tx_busy /= '0' or tx_empty /= '1' then
      report "FAIL: txd decoder saw " & integer'image(monitored) & " of " & integer'image(NUM_WORDS) & " frames" severity error;
      errors := errors + 1;
    end if;

    -- 2. Injected errors on rxd, then a good frame.
    inject <= '1';
    wait_falling(2 * BIT_CLKS);
    if PARITY /= 0 then
      send_frame(${wParity}, true, false);
      expect_word(${wParity}, '0', '1');
    end if;
    send_frame(${wFrame}, false, true);
    expect_word(${wFrame}, '1', '0');
    send_frame(${wGood}, false, false);
    expect_word(${wGood}, '0', '0');

    -- 3. Overrun: FIFO_DEPTH + 1 frames without reading.
    if CHECK_OVERRUN then
      count_overruns <= true;
      for k in 0 to FIFO_DEPTH loop
        send_frame(WORDS(k mod NUM_WORDS), false, false);
      end loop;
      if rx_full /= '1' or overruns /= 1 then
        report "FAIL: overrun: rx_full " & bit_image(rx_full) & ", rx_overrun pulses " & integer'image(overruns) & " (expected '1', 1)" severity error;
        errors := errors + 1;
      end if;
      for k in 0 to FIFO_DEPTH - 1 loop
        expect_word(WORDS(k mod NUM_WORDS), '0', '0');
      end loop;
      if rx_empty /= '1' then
        report "FAIL: RX FIFO not empty after draining FIFO_DEPTH words" severity error;
        errors := errors + 1;
      end if;
    end if;

    errors := errors + mon_errors;
    if errors = 0 then
      report "PASS";
    else
      report "FAIL: " & integer'image(errors) & " error(s)" severity failure;
    end if;
    done <= true;
    wait;
  end process stimulus;
end architecture sim;
`;
}
