/**
 * Self-checking testbenches for the generated UART (Verilog and VHDL). They check, in order:
 * 1. loopback (txd -> rxd) of a list of words written into the TX FIFO as fast as it accepts them,
 *    read back from the RX FIFO, while an independent line monitor decodes txd bit by bit
 *    (start, data LSB first, parity, stop bits);
 * 2. frames bit-banged by the testbench onto rxd: a wrong parity bit (parity_error), low stop bits
 *    (frame_error), then a good frame (recovery);
 * 3. optionally, RX FIFO overrun: FIFO_DEPTH + 1 frames without reading (rx_full, one rx_overrun
 *    pulse, the first FIFO_DEPTH words kept).
 * They print "FAIL: ..." lines and end with "PASS" or "FAIL".
 */
import { baudCounter, frameBits, PARITY_CODE, validateUart, type UartConfig } from './config';
import { randomInt, seededRandom } from '../random';
import { GENERATOR_LINE, headerComment } from '../comment';
import { UART_MODULE } from './verilog';

export interface UartTestbenchOptions {
  /** Clock frequency the testbench gives the design (CLK_FREQ override); default: the configured clock. */
  clockFreq?: number;
  /** Words sent in the loopback phase; default 8 random words. */
  words?: number[];
  /** Include the RX overrun phase; default: only when it simulates in under ~3 million cycles. */
  overrun?: boolean;
  seed?: number;
  /**
   * Bit length, in percent off the design's own, of the frames the testbench drives onto rxd
   * (e.g. 2 = a sender 2 % slow): checks the receiver's tolerance. Default 0.
   */
  senderSkewPercent?: number;
}

interface Plan {
  c: UartConfig;
  clockFreq: number;
  words: number[];
  bitClks: number;
  frameClks: number;
  overrun: boolean;
  special: [number, number, number];
  timeoutCycles: number;
  sendClks: number;
}

/** A clock frequency that makes one oversampling tick `div` cycles long: fast simulations. */
export function fastClockFor(c: UartConfig, div = 3): number {
  return c.baudRate * c.oversampling * div;
}

export function randomWords(dataBits: number, count: number, seed = 1): number[] {
  const rand = seededRandom(seed);
  const max = 1 << dataBits;
  const words = [0, max - 1, 0x55 & (max - 1)];
  while (words.length < count) words.push(randomInt(rand, max));
  return words.slice(0, count);
}

function plan(c: UartConfig, o: UartTestbenchOptions): Plan {
  const clockFreq = o.clockFreq ?? c.clockFreq;
  const problems = validateUart({ ...c, clockFreq: Math.min(Math.max(clockFreq, 1_000_000), 200_000_000) });
  if (baudCounter({ ...c, clockFreq }) < 1) throw new Error('Testbench clock too slow for the baud rate');
  const [firstProblem] = problems;
  if (firstProblem !== undefined && !firstProblem.startsWith('Clock')) throw new Error(problems.join(' '));
  const words = o.words ?? randomWords(c.dataBits, 8, o.seed ?? 1);
  if (words.length === 0) throw new Error('The testbench needs at least one word');
  const bitClks = baudCounter({ ...c, clockFreq }) * c.oversampling;
  const frameClks = bitClks * frameBits(c);
  const overrun = o.overrun ?? (c.fifoDepth + 1) * frameClks < 3_000_000;
  const rand = seededRandom((o.seed ?? 1) + 7);
  const max = 1 << c.dataBits;
  const special: [number, number, number] = [randomInt(rand, max), randomInt(rand, max), randomInt(rand, max)];
  const frames = words.length + 8 + (overrun ? c.fifoDepth + 1 : 0);
  const sendClks = Math.max(1, Math.round(bitClks * (1 + (o.senderSkewPercent ?? 0) / 100)));
  return { c, clockFreq, words, bitClks, frameClks, overrun, special, timeoutCycles: frames * frameClks * 3 + 10_000, sendClks };
}

function tbHeader(language: 'verilog' | 'vhdl', p: Plan): string {
  return headerComment(language, [
    `Self-checking testbench for ${UART_MODULE} (${p.c.baudRate} baud, ${p.c.dataBits} data bits, parity ${p.c.parity}, ${p.c.stopBits} stop bit(s), ${p.c.oversampling}x oversampling, FIFO depth ${p.c.fifoDepth})`,
    GENERATOR_LINE,
    `Design clock for this run: ${p.clockFreq} Hz (one bit = ${p.bitClks} clock cycles; the clock period in simulation is 10 ns).`,
    `Frames injected on rxd use ${p.sendClks} cycles per bit${p.sendClks === p.bitClks ? '' : ' (a sender off the nominal baud)'}.`,
    'Checks: loopback of the listed words with an independent txd decoder; parity and framing errors',
    `injected on rxd; recovery after errors${p.overrun ? '; RX FIFO overrun' : ''}. Prints PASS or FAIL.`,
  ]);
}

export function generateUartTestbenchVerilog(c: UartConfig, o: UartTestbenchOptions = {}): string {
  const p = plan(c, o);
  const n = p.words.length;
  const [wParity, wFrame, wGood] = p.special;
  const init = p.words.map((w, i) => `        words[${i}] = ${w};`).join('\n');
  return `${tbHeader('verilog', p)}
\`timescale 1ns / 1ps

module ${UART_MODULE}_tb;
    localparam integer CLK_FREQ     = ${p.clockFreq};
    localparam integer BAUD_RATE    = ${c.baudRate};
    localparam integer OVERSAMPLING = ${c.oversampling};
    localparam integer DATA_BITS    = ${c.dataBits};
    localparam integer PARITY       = ${PARITY_CODE[c.parity]};
    localparam integer STOP_BITS    = ${c.stopBits};
    localparam integer FIFO_DEPTH   = ${c.fifoDepth};
    localparam integer BIT_CLKS     = (CLK_FREQ / (BAUD_RATE * OVERSAMPLING)) * OVERSAMPLING;
    localparam integer FRAME_CLKS   = ${p.frameClks};
    localparam integer SEND_CLKS    = ${p.sendClks}; // bit length of the frames driven onto rxd
    localparam integer NUM_WORDS    = ${n};
    localparam integer CHECK_OVERRUN = ${p.overrun ? 1 : 0};

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #5 clk = ~clk;

    reg  [DATA_BITS-1:0] tx_data = {DATA_BITS{1'b0}};
    reg                  tx_wr_en = 1'b0;
    wire                 tx_full, tx_empty, tx_busy, txd;
    reg                  inject = 1'b0;   // 1: the testbench drives rxd instead of txd
    reg                  line = 1'b1;
    wire                 rxd = inject ? line : txd;
    wire [DATA_BITS-1:0] rx_data;
    reg                  rx_rd_en = 1'b0;
    wire                 rx_empty, rx_full, frame_error, parity_error, rx_overrun;

    reg [DATA_BITS-1:0] words [0:NUM_WORDS-1];
    integer errors = 0;
    integer sent = 0;
    integer received = 0;
    integer monitored = 0;
    integer overruns = 0;
    integer cycles;
    integer i;

    ${UART_MODULE} #(
        .CLK_FREQ(CLK_FREQ), .BAUD_RATE(BAUD_RATE), .OVERSAMPLING(OVERSAMPLING),
        .DATA_BITS(DATA_BITS), .PARITY(PARITY), .STOP_BITS(STOP_BITS), .FIFO_DEPTH(FIFO_DEPTH)
    ) dut (
        .clk(clk), .rst(rst),
        .tx_data(tx_data), .tx_wr_en(tx_wr_en), .tx_full(tx_full), .tx_empty(tx_empty),
        .tx_busy(tx_busy), .txd(txd),
        .rxd(rxd), .rx_data(rx_data), .rx_rd_en(rx_rd_en), .rx_empty(rx_empty), .rx_full(rx_full),
        .frame_error(frame_error), .parity_error(parity_error), .rx_overrun(rx_overrun)
    );

    initial begin
${init}
    end

    always @(posedge clk) if (rx_overrun === 1'b1) overruns = overruns + 1;

    initial begin
        #${p.timeoutCycles * 10};
        $display("FAIL: timeout");
        $finish;
    end

    // Independent decoder of the txd line, sampling each bit in its middle.
    reg                 monitor_on = 1'b0;
    reg [DATA_BITS-1:0] mon_word;
    integer             mon_i;
    always begin
        @(negedge txd);
        if (monitor_on) begin
            repeat (BIT_CLKS / 2) @(posedge clk);
            if (txd !== 1'b0) begin
                $display("FAIL: txd start bit is not low mid-bit");
                errors = errors + 1;
            end
            for (mon_i = 0; mon_i < DATA_BITS; mon_i = mon_i + 1) begin
                repeat (BIT_CLKS) @(posedge clk);
                mon_word[mon_i] = txd;
            end
            if (PARITY != 0) begin
                repeat (BIT_CLKS) @(posedge clk);
                if (txd !== ((^mon_word) ^ (PARITY == 2))) begin
                    $display("FAIL: txd parity bit wrong for word %0d", mon_word);
                    errors = errors + 1;
                end
            end
            for (mon_i = 0; mon_i < STOP_BITS; mon_i = mon_i + 1) begin
                repeat (BIT_CLKS) @(posedge clk);
                if (txd !== 1'b1) begin
                    $display("FAIL: txd stop bit %0d is not high", mon_i + 1);
                    errors = errors + 1;
                end
            end
            if (monitored >= NUM_WORDS || mon_word !== words[monitored]) begin
                $display("FAIL: txd carried word %0d, expected word %0d", mon_word, monitored);
                errors = errors + 1;
            end
            monitored = monitored + 1;
        end
    end

    // Drives one frame on rxd; optionally with a wrong parity bit or low stop bits.
    task send_frame;
        input [DATA_BITS-1:0] w;
        input                 bad_parity;
        input                 bad_stop;
        integer b;
        begin
            line = 1'b0;
            repeat (SEND_CLKS) @(negedge clk);
            for (b = 0; b < DATA_BITS; b = b + 1) begin
                line = w[b];
                repeat (SEND_CLKS) @(negedge clk);
            end
            if (PARITY != 0) begin
                line = (^w) ^ (PARITY == 2) ^ bad_parity;
                repeat (SEND_CLKS) @(negedge clk);
            end
            for (b = 0; b < STOP_BITS; b = b + 1) begin
                line = !bad_stop;
                repeat (SEND_CLKS) @(negedge clk);
            end
            line = 1'b1;
            repeat (2 * SEND_CLKS) @(negedge clk);
        end
    endtask

    // Waits for a received word, checks it and its error flags, then pops it.
    task expect_word;
        input [DATA_BITS-1:0] w;
        input                 fe;
        input                 pe;
        integer waited;
        begin
            waited = 0;
            while (rx_empty && waited < 4 * FRAME_CLKS) begin
                @(negedge clk);
                waited = waited + 1;
            end
            if (rx_empty) begin
                $display("FAIL: no word received (expected %0d)", w);
                errors = errors + 1;
            end else begin
                if (rx_data !== w || frame_error !== fe || parity_error !== pe) begin
                    $display("FAIL: expected word %0d (frame_error %0d, parity_error %0d), got %0d (%0d, %0d)",
                             w, fe, pe, rx_data, frame_error, parity_error);
                    errors = errors + 1;
                end
                rx_rd_en = 1'b1;
                @(negedge clk);
                rx_rd_en = 1'b0;
            end
        end
    endtask

    initial begin
        repeat (4) @(negedge clk);
        rst = 1'b0;
        monitor_on = 1'b1;

        // 1. Loopback: write as fast as the TX FIFO accepts, read as soon as words arrive.
        cycles = 0;
        while ((sent < NUM_WORDS || received < NUM_WORDS) && cycles < (NUM_WORDS + 2) * FRAME_CLKS * 2) begin
            tx_wr_en = 1'b0;
            rx_rd_en = 1'b0;
            if (sent < NUM_WORDS && !tx_full) begin
                tx_data  = words[sent];
                tx_wr_en = 1'b1;
                sent = sent + 1;
            end
            if (!rx_empty) begin
                if (rx_data !== words[received] || frame_error !== 1'b0 || parity_error !== 1'b0) begin
                    $display("FAIL: loopback word %0d: expected %0d, got %0d (frame_error %0d, parity_error %0d)",
                             received, words[received], rx_data, frame_error, parity_error);
                    errors = errors + 1;
                end
                rx_rd_en = 1'b1;
                received = received + 1;
            end
            @(negedge clk);
            cycles = cycles + 1;
        end
        tx_wr_en = 1'b0;
        rx_rd_en = 1'b0;
        if (received != NUM_WORDS) begin
            $display("FAIL: loopback received %0d of %0d words", received, NUM_WORDS);
            errors = errors + 1;
        end
        repeat (2 * BIT_CLKS) @(negedge clk);
        if (monitored != NUM_WORDS || tx_busy || !tx_empty) begin
            $display("FAIL: txd decoder saw %0d of %0d frames", monitored, NUM_WORDS);
            errors = errors + 1;
        end

        // 2. Injected errors on rxd, then a good frame.
        inject = 1'b1;
        repeat (2 * BIT_CLKS) @(negedge clk);
        if (PARITY != 0) begin
            send_frame(${wParity}, 1'b1, 1'b0);
            expect_word(${wParity}, 1'b0, 1'b1);
        end
        send_frame(${wFrame}, 1'b0, 1'b1);
        expect_word(${wFrame}, 1'b1, 1'b0);
        send_frame(${wGood}, 1'b0, 1'b0);
        expect_word(${wGood}, 1'b0, 1'b0);

        // 3. Overrun: FIFO_DEPTH + 1 frames without reading.
        if (CHECK_OVERRUN) begin
            overruns = 0;
            for (i = 0; i <= FIFO_DEPTH; i = i + 1) send_frame(words[i % NUM_WORDS], 1'b0, 1'b0);
            if (rx_full !== 1'b1 || overruns != 1) begin
                $display("FAIL: overrun: rx_full %0d, rx_overrun pulses %0d (expected 1, 1)", rx_full, overruns);
                errors = errors + 1;
            end
            for (i = 0; i < FIFO_DEPTH; i = i + 1) expect_word(words[i % NUM_WORDS], 1'b0, 1'b0);
            if (rx_empty !== 1'b1) begin
                $display("FAIL: RX FIFO not empty after draining FIFO_DEPTH words");
                errors = errors + 1;
            end
        end

        if (errors == 0) $display("PASS");
        else $display("FAIL: %0d error(s)", errors);
        $finish;
    end
endmodule
`;
}

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

  function parity_of(v : std_logic_vector) return std_logic is
    variable r : std_logic := '0';
  begin
    if PARITY = 2 then
      r := '1';
    end if;
    for i in v'range loop
      r := r xor v(i);
    end loop;
    return r;
  end function parity_of;
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
        if txd /= parity_of(w) then
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
          line <= not parity_of(v);
        else
          line <= parity_of(v);
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
