/**
 * VHDL-93 UART (also valid VHDL-2008): entity `uart_module` with a TX FIFO, a transmitter, a
 * receiver and an RX FIFO as separate entities in one file, instantiated directly from work.
 * Every option is a generic whose default is the chosen configuration.
 */
import { GENERATOR_LINE, headerComment } from '../comment';
import type { UartConfig } from './config';
import { configurationLines, PARITY_CODE, portLines, UART_MODULE } from './design';

const LIBS = `library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;`;

function fifoEntity(): string {
  return `-- First-word-fall-through FIFO: rd_data shows the oldest word while empty is low.
${LIBS}

entity ${UART_MODULE}_fifo is
  generic (
    WIDTH : positive := 8;
    DEPTH : positive := 16
  );
  port (
    clk     : in  std_logic;
    rst     : in  std_logic;
    wr_en   : in  std_logic;
    wr_data : in  std_logic_vector(WIDTH - 1 downto 0);
    full    : out std_logic;
    rd_en   : in  std_logic;
    rd_data : out std_logic_vector(WIDTH - 1 downto 0);
    empty   : out std_logic
  );
end entity ${UART_MODULE}_fifo;

architecture rtl of ${UART_MODULE}_fifo is
  type mem_t is array (0 to DEPTH - 1) of std_logic_vector(WIDTH - 1 downto 0);
  signal mem      : mem_t;
  signal wr_ptr   : integer range 0 to DEPTH - 1 := 0;
  signal rd_ptr   : integer range 0 to DEPTH - 1 := 0;
  signal count    : integer range 0 to DEPTH := 0;
  signal do_write : boolean;
  signal do_read  : boolean;
begin
  do_write <= wr_en = '1' and count /= DEPTH;
  do_read  <= rd_en = '1' and count /= 0;
  full     <= '1' when count = DEPTH else '0';
  empty    <= '1' when count = 0 else '0';
  rd_data  <= mem(rd_ptr);

  write_port : process (clk)
  begin
    if rising_edge(clk) then
      if do_write then
        mem(wr_ptr) <= wr_data;
      end if;
    end if;
  end process write_port;

  pointers : process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        wr_ptr <= 0;
        rd_ptr <= 0;
        count  <= 0;
      else
        if do_write then
          if wr_ptr = DEPTH - 1 then wr_ptr <= 0; else wr_ptr <= wr_ptr + 1; end if;
        end if;
        if do_read then
          if rd_ptr = DEPTH - 1 then rd_ptr <= 0; else rd_ptr <= rd_ptr + 1; end if;
        end if;
        if do_write and not do_read then
          count <= count + 1;
        elsif do_read and not do_write then
          count <= count - 1;
        end if;
      end if;
    end if;
  end process pointers;
end architecture rtl;
`;
}

function txEntity(): string {
  return `-- Transmitter: start bit, DATA_BITS data bits LSB first, optional parity, STOP_BITS stop bits.
-- Each bit lasts BAUD_DIV * OVERSAMPLING clock cycles.
${LIBS}

entity ${UART_MODULE}_tx is
  generic (
    BAUD_DIV     : positive := 1;
    OVERSAMPLING : positive := 16;
    DATA_BITS    : positive := 8;
    PARITY       : natural  := 0;
    STOP_BITS    : positive := 1
  );
  port (
    clk   : in  std_logic;
    rst   : in  std_logic;
    data  : in  std_logic_vector(DATA_BITS - 1 downto 0);
    empty : in  std_logic;
    pop   : out std_logic;
    txd   : out std_logic;
    busy  : out std_logic
  );
end entity ${UART_MODULE}_tx;

architecture rtl of ${UART_MODULE}_tx is
  type state_t is (S_IDLE, S_START, S_DATA, S_PARITY, S_STOP);
  signal state      : state_t := S_IDLE;
  signal shifter    : std_logic_vector(DATA_BITS - 1 downto 0) := (others => '0');
  signal parity_bit : std_logic := '0';
  signal bit_index  : integer range 0 to 15 := 0;
  -- One spare value (never reached): at BAUD_DIV = 1 the untaken div_count + 1 must stay in range.
  signal div_count  : integer range 0 to BAUD_DIV := 0;
  signal os_count   : integer range 0 to OVERSAMPLING - 1 := 0;
  signal txd_r      : std_logic := '1';
  signal tick       : boolean;
  signal bit_end    : boolean;
  signal frame_end  : boolean;
  signal load       : boolean;

  -- Even parity is the XOR of the data bits; odd parity is its inverse.
  function parity_of(v : std_logic_vector; kind : natural) return std_logic is
    variable r : std_logic := '0';
  begin
    if kind = 2 then
      r := '1';
    end if;
    for i in v'range loop
      r := r xor v(i);
    end loop;
    return r;
  end function parity_of;
begin
  tick      <= div_count = BAUD_DIV - 1;
  bit_end   <= tick and os_count = OVERSAMPLING - 1;
  frame_end <= state = S_STOP and bit_end and bit_index = STOP_BITS - 1;
  -- The next word leaves the FIFO in the cycle its start bit begins: from idle, or right as the
  -- last stop bit ends, so back-to-back frames keep every bit exactly one bit time long.
  load      <= (state = S_IDLE or frame_end) and empty = '0';
  pop       <= '1' when load and rst = '0' else '0';
  busy      <= '0' when state = S_IDLE else '1';
  txd       <= txd_r;

  transmit : process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        state      <= S_IDLE;
        txd_r      <= '1';
        shifter    <= (others => '0');
        parity_bit <= '0';
        bit_index  <= 0;
        div_count  <= 0;
        os_count   <= 0;
      elsif load then
        div_count  <= 0;
        os_count   <= 0;
        shifter    <= data;
        parity_bit <= parity_of(data, PARITY);
        txd_r      <= '0';  -- start bit
        state      <= S_START;
      elsif state = S_IDLE then
        div_count <= 0;
        os_count  <= 0;
      else
        if tick then
          div_count <= 0;
          if os_count = OVERSAMPLING - 1 then os_count <= 0; else os_count <= os_count + 1; end if;
        else
          div_count <= div_count + 1;
        end if;
        if bit_end then
          case state is
            when S_START =>
              txd_r     <= shifter(0);
              bit_index <= 0;
              state     <= S_DATA;
            when S_DATA =>
              if bit_index = DATA_BITS - 1 then
                bit_index <= 0;
                if PARITY /= 0 then
                  txd_r <= parity_bit;
                  state <= S_PARITY;
                else
                  txd_r <= '1';
                  state <= S_STOP;
                end if;
              else
                txd_r     <= shifter(1);
                shifter   <= '0' & shifter(DATA_BITS - 1 downto 1);
                bit_index <= bit_index + 1;
              end if;
            when S_PARITY =>
              txd_r     <= '1';
              bit_index <= 0;
              state     <= S_STOP;
            when others =>  -- S_STOP
              if bit_index = STOP_BITS - 1 then
                state <= S_IDLE;
              else
                bit_index <= bit_index + 1;
              end if;
          end case;
        end if;
      end if;
    end if;
  end process transmit;
end architecture rtl;
`;
}

function rxEntity(): string {
  return `-- Receiver: the line is synchronised by two flip-flops and looked at on every oversampling tick.
-- A low sample starts a frame; OVERSAMPLING/2 ticks later (mid start bit) it is checked again, then
-- every bit is sampled once in its middle, OVERSAMPLING ticks apart. After a frame error the
-- receiver waits for the line to go high before looking for the next start bit.
${LIBS}

entity ${UART_MODULE}_rx is
  generic (
    BAUD_DIV     : positive := 1;
    OVERSAMPLING : positive := 16;
    DATA_BITS    : positive := 8;
    PARITY       : natural  := 0;
    STOP_BITS    : positive := 1
  );
  port (
    clk  : in  std_logic;
    rst  : in  std_logic;
    rxd  : in  std_logic;
    push : out std_logic;
    word : out std_logic_vector(DATA_BITS + 1 downto 0)  -- parity error, frame error, data
  );
end entity ${UART_MODULE}_rx;

architecture rtl of ${UART_MODULE}_rx is
  type state_t is (R_IDLE, R_START, R_DATA, R_PARITY, R_STOP, R_WAIT_HIGH);
  signal state      : state_t := R_IDLE;
  signal rx_meta    : std_logic := '1';
  signal rx_sync    : std_logic := '1';
  signal shifter    : std_logic_vector(DATA_BITS - 1 downto 0) := (others => '0');
  signal parity_acc : std_logic := '0';
  signal parity_err : std_logic := '0';
  signal frame_err  : std_logic := '0';
  signal bit_index  : integer range 0 to 15 := 0;
  -- One spare value (never reached): at BAUD_DIV = 1 the untaken div_count + 1 must stay in range.
  signal div_count  : integer range 0 to BAUD_DIV := 0;
  signal os_count   : integer range 0 to OVERSAMPLING - 1 := 0;
  signal tick       : boolean;
  signal mid_start  : boolean;
  signal mid_bit    : boolean;

  function parity_seed(kind : natural) return std_logic is
  begin
    if kind = 2 then
      return '1';
    end if;
    return '0';
  end function parity_seed;
begin
  tick      <= div_count = BAUD_DIV - 1;
  mid_start <= tick and os_count = OVERSAMPLING / 2 - 1;
  mid_bit   <= tick and os_count = OVERSAMPLING - 1;

  synchroniser : process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        rx_meta <= '1';
        rx_sync <= '1';
      else
        rx_meta <= rxd;
        rx_sync <= rx_meta;
      end if;
    end if;
  end process synchroniser;

  receive : process (clk)
  begin
    if rising_edge(clk) then
      push <= '0';
      if rst = '1' then
        state      <= R_IDLE;
        shifter    <= (others => '0');
        parity_acc <= '0';
        parity_err <= '0';
        frame_err  <= '0';
        bit_index  <= 0;
        div_count  <= 0;
        os_count   <= 0;
        word       <= (others => '0');
      else
        if tick then
          div_count <= 0;
          if os_count = OVERSAMPLING - 1 then os_count <= 0; else os_count <= os_count + 1; end if;
        else
          div_count <= div_count + 1;
        end if;
        case state is
          when R_IDLE =>
            if tick and rx_sync = '0' then
              os_count <= 0;
              state    <= R_START;
            end if;
          when R_START =>
            if mid_start then
              os_count <= 0;
              if rx_sync = '0' then
                parity_acc <= parity_seed(PARITY);
                parity_err <= '0';
                frame_err  <= '0';
                bit_index  <= 0;
                state      <= R_DATA;
              else
                state <= R_IDLE;  -- glitch, not a start bit
              end if;
            end if;
          when R_DATA =>
            if mid_bit then
              shifter    <= rx_sync & shifter(DATA_BITS - 1 downto 1);
              parity_acc <= parity_acc xor rx_sync;
              if bit_index = DATA_BITS - 1 then
                bit_index <= 0;
                if PARITY /= 0 then state <= R_PARITY; else state <= R_STOP; end if;
              else
                bit_index <= bit_index + 1;
              end if;
            end if;
          when R_PARITY =>
            if mid_bit then
              parity_err <= parity_acc xor rx_sync;
              state      <= R_STOP;
            end if;
          when R_STOP =>
            if mid_bit then
              if bit_index = STOP_BITS - 1 then
                push  <= '1';
                word  <= parity_err & (frame_err or not rx_sync) & shifter;
                if frame_err = '1' or rx_sync = '0' then state <= R_WAIT_HIGH; else state <= R_IDLE; end if;
              else
                frame_err <= frame_err or not rx_sync;
                bit_index <= bit_index + 1;
              end if;
            end if;
          when others =>  -- R_WAIT_HIGH
            if rx_sync = '1' then
              state <= R_IDLE;
            end if;
        end case;
      end if;
    end if;
  end process receive;
end architecture rtl;
`;
}

function topEntity(c: UartConfig): string {
  return `${LIBS}

entity ${UART_MODULE} is
  generic (
    CLK_FREQ     : positive := ${c.clockFreq};  -- system clock in Hz
    BAUD_RATE    : positive := ${c.baudRate};
    OVERSAMPLING : positive := ${c.oversampling};  -- receiver samples per bit: 8, 16 or 32
    DATA_BITS    : positive := ${c.dataBits};  -- 5 to 9
    PARITY       : natural  := ${PARITY_CODE[c.parity]};  -- 0 none, 1 even, 2 odd
    STOP_BITS    : positive := ${c.stopBits};  -- 1 or 2
    FIFO_DEPTH   : positive := ${c.fifoDepth}   -- words in each of the TX and RX FIFOs
  );
  port (
    clk          : in  std_logic;
    rst          : in  std_logic;  -- synchronous, active high
    -- Transmit: words written here are queued and sent LSB first
    tx_data      : in  std_logic_vector(DATA_BITS - 1 downto 0);
    tx_wr_en     : in  std_logic;  -- ignored while tx_full is high
    tx_full      : out std_logic;
    tx_empty     : out std_logic;
    tx_busy      : out std_logic;  -- a frame is being sent
    txd          : out std_logic;  -- serial output, idles high
    -- Receive: received words wait in the RX FIFO (first-word-fall-through)
    rxd          : in  std_logic;  -- serial input (asynchronous, synchronised inside)
    rx_data      : out std_logic_vector(DATA_BITS - 1 downto 0);  -- valid while rx_empty is low
    rx_rd_en     : in  std_logic;  -- removes the oldest word
    rx_empty     : out std_logic;
    rx_full      : out std_logic;
    frame_error  : out std_logic;  -- oldest word had a low stop bit
    parity_error : out std_logic;  -- oldest word had a wrong parity bit
    rx_overrun   : out std_logic   -- one-clock pulse: a word was lost, RX FIFO full
  );
end entity ${UART_MODULE};

architecture rtl of ${UART_MODULE} is
  -- Clock cycles per oversampling tick: floor(CLK_FREQ / (BAUD_RATE * OVERSAMPLING)), at least 1.
  function baud_divider return positive is
  begin
    if CLK_FREQ / (BAUD_RATE * OVERSAMPLING) < 1 then
      return 1;
    end if;
    return CLK_FREQ / (BAUD_RATE * OVERSAMPLING);
  end function baud_divider;
  constant BAUD_DIV : positive := baud_divider;

  signal txq_data   : std_logic_vector(DATA_BITS - 1 downto 0);
  signal txq_empty  : std_logic;
  signal tx_pop     : std_logic;
  signal rx_push    : std_logic;
  signal rx_word    : std_logic_vector(DATA_BITS + 1 downto 0);  -- parity error, frame error, data
  signal rx_head    : std_logic_vector(DATA_BITS + 1 downto 0);
  signal rx_empty_i : std_logic;
  signal rx_full_i  : std_logic;
begin
  u_tx_fifo : entity work.${UART_MODULE}_fifo
    generic map (WIDTH => DATA_BITS, DEPTH => FIFO_DEPTH)
    port map (
      clk => clk, rst => rst,
      wr_en => tx_wr_en, wr_data => tx_data, full => tx_full,
      rd_en => tx_pop, rd_data => txq_data, empty => txq_empty
    );
  tx_empty <= txq_empty;

  u_tx : entity work.${UART_MODULE}_tx
    generic map (
      BAUD_DIV => BAUD_DIV, OVERSAMPLING => OVERSAMPLING, DATA_BITS => DATA_BITS,
      PARITY => PARITY, STOP_BITS => STOP_BITS
    )
    port map (
      clk => clk, rst => rst, data => txq_data, empty => txq_empty, pop => tx_pop,
      txd => txd, busy => tx_busy
    );

  u_rx : entity work.${UART_MODULE}_rx
    generic map (
      BAUD_DIV => BAUD_DIV, OVERSAMPLING => OVERSAMPLING, DATA_BITS => DATA_BITS,
      PARITY => PARITY, STOP_BITS => STOP_BITS
    )
    port map (clk => clk, rst => rst, rxd => rxd, push => rx_push, word => rx_word);

  u_rx_fifo : entity work.${UART_MODULE}_fifo
    generic map (WIDTH => DATA_BITS + 2, DEPTH => FIFO_DEPTH)
    port map (
      clk => clk, rst => rst,
      wr_en => rx_push, wr_data => rx_word, full => rx_full_i,
      rd_en => rx_rd_en, rd_data => rx_head, empty => rx_empty_i
    );
  rx_empty     <= rx_empty_i;
  rx_full      <= rx_full_i;
  rx_data      <= rx_head(DATA_BITS - 1 downto 0);
  frame_error  <= rx_head(DATA_BITS) and not rx_empty_i;
  parity_error <= rx_head(DATA_BITS + 1) and not rx_empty_i;

  overrun : process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        rx_overrun <= '0';
      else
        rx_overrun <= rx_push and rx_full_i;
      end if;
    end if;
  end process overrun;
end architecture rtl;
`;
}

export function generateUartVhdl(c: UartConfig): string {
  const header = headerComment('vhdl', [
    `${UART_MODULE}.vhd: UART transmitter and receiver with TX and RX FIFOs (VHDL-93, also VHDL-2008)`,
    GENERATOR_LINE,
    '',
    ...configurationLines(c),
    '',
    ...portLines(),
  ]);
  return `${header}
${fifoEntity()}
${txEntity()}
${rxEntity()}
${topEntity(c)}`;
}
