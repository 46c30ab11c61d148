/**
 * Verilog-2005 UART: top `uart_module` with a TX FIFO, a transmitter, a receiver and an RX FIFO.
 * Every option is a parameter whose default is the chosen configuration, so a testbench may
 * override CLK_FREQ to simulate quickly.
 */
import { GENERATOR_LINE, headerComment } from '../comment';
import type { UartConfig } from './config';
import { configurationLines, PARITY_CODE, portLines, UART_MODULE } from './design';

export function generateUartVerilog(c: UartConfig): string {
  const header = headerComment('verilog', [
    `${UART_MODULE}.v: UART transmitter and receiver with TX and RX FIFOs (Verilog-2005)`,
    GENERATOR_LINE,
    '',
    ...configurationLines(c),
    '',
    ...portLines(),
  ]);
  return `${header}
\`timescale 1ns / 1ps

module ${UART_MODULE} #(
    parameter integer CLK_FREQ     = ${c.clockFreq}, // system clock in Hz
    parameter integer BAUD_RATE    = ${c.baudRate},
    parameter integer OVERSAMPLING = ${c.oversampling}, // receiver samples per bit: 8, 16 or 32
    parameter integer DATA_BITS    = ${c.dataBits}, // 5 to 9
    parameter integer PARITY       = ${PARITY_CODE[c.parity]}, // 0 none, 1 even, 2 odd
    parameter integer STOP_BITS    = ${c.stopBits}, // 1 or 2
    parameter integer FIFO_DEPTH   = ${c.fifoDepth}  // words in each of the TX and RX FIFOs
) (
    input  wire                 clk,
    input  wire                 rst,          // synchronous, active high
    // Transmit: words written here are queued and sent LSB first
    input  wire [DATA_BITS-1:0] tx_data,
    input  wire                 tx_wr_en,     // ignored while tx_full is high
    output wire                 tx_full,
    output wire                 tx_empty,
    output wire                 tx_busy,      // a frame is being sent
    output wire                 txd,          // serial output, idles high
    // Receive: received words wait in the RX FIFO (first-word-fall-through)
    input  wire                 rxd,          // serial input (asynchronous, synchronised inside)
    output wire [DATA_BITS-1:0] rx_data,      // oldest received word, valid while rx_empty is low
    input  wire                 rx_rd_en,     // removes the oldest word
    output wire                 rx_empty,
    output wire                 rx_full,
    output wire                 frame_error,  // oldest word had a low stop bit
    output wire                 parity_error, // oldest word had a wrong parity bit
    output reg                  rx_overrun    // one-clock pulse: a word was lost, RX FIFO full
);
    // Clock cycles per oversampling tick: floor(CLK_FREQ / (BAUD_RATE * OVERSAMPLING)), at least 1.
    localparam integer BAUD_CALC = CLK_FREQ / (BAUD_RATE * OVERSAMPLING);
    localparam integer BAUD_DIV  = (BAUD_CALC < 1) ? 1 : BAUD_CALC;

    wire [DATA_BITS-1:0] txq_data;
    wire                 txq_empty;
    wire                 tx_pop;
    wire                 rx_push;
    wire [DATA_BITS+1:0] rx_word;   // {parity error, frame error, data}
    wire [DATA_BITS+1:0] rx_head;

    ${UART_MODULE}_fifo #(.WIDTH(DATA_BITS), .DEPTH(FIFO_DEPTH)) u_tx_fifo (
        .clk(clk), .rst(rst),
        .wr_en(tx_wr_en), .wr_data(tx_data), .full(tx_full),
        .rd_en(tx_pop), .rd_data(txq_data), .empty(txq_empty)
    );
    assign tx_empty = txq_empty;

    ${UART_MODULE}_tx #(
        .BAUD_DIV(BAUD_DIV), .OVERSAMPLING(OVERSAMPLING), .DATA_BITS(DATA_BITS),
        .PARITY(PARITY), .STOP_BITS(STOP_BITS)
    ) u_tx (
        .clk(clk), .rst(rst), .data(txq_data), .empty(txq_empty), .pop(tx_pop),
        .txd(txd), .busy(tx_busy)
    );

    ${UART_MODULE}_rx #(
        .BAUD_DIV(BAUD_DIV), .OVERSAMPLING(OVERSAMPLING), .DATA_BITS(DATA_BITS),
        .PARITY(PARITY), .STOP_BITS(STOP_BITS)
    ) u_rx (
        .clk(clk), .rst(rst), .rxd(rxd), .push(rx_push), .word(rx_word)
    );

    ${UART_MODULE}_fifo #(.WIDTH(DATA_BITS + 2), .DEPTH(FIFO_DEPTH)) u_rx_fifo (
        .clk(clk), .rst(rst),
        .wr_en(rx_push), .wr_data(rx_word), .full(rx_full),
        .rd_en(rx_rd_en), .rd_data(rx_head), .empty(rx_empty)
    );
    assign rx_data      = rx_head[DATA_BITS-1:0];
    assign frame_error  = !rx_empty && rx_head[DATA_BITS];
    assign parity_error = !rx_empty && rx_head[DATA_BITS+1];

    always @(posedge clk) begin
        if (rst) rx_overrun <= 1'b0;
        else     rx_overrun <= rx_push && rx_full;
    end
endmodule

// Transmitter: start bit, DATA_BITS data bits LSB first, optional parity, STOP_BITS stop bits.
// Each bit lasts BAUD_DIV * OVERSAMPLING clock cycles.
module ${UART_MODULE}_tx #(
    parameter integer BAUD_DIV     = 1,
    parameter integer OVERSAMPLING = 16,
    parameter integer DATA_BITS    = 8,
    parameter integer PARITY       = 0,
    parameter integer STOP_BITS    = 1
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire [DATA_BITS-1:0] data,
    input  wire                 empty,
    output wire                 pop,
    output reg                  txd,
    output wire                 busy
);
    localparam [2:0] S_IDLE = 3'd0, S_START = 3'd1, S_DATA = 3'd2, S_PARITY = 3'd3, S_STOP = 3'd4;
    localparam integer DIV_W = $clog2(BAUD_DIV + 1);
    localparam integer OS_W  = $clog2(OVERSAMPLING + 1);

    reg [2:0]           state;
    reg [DATA_BITS-1:0] shifter;
    reg                 parity_bit;
    reg [3:0]           bit_index;
    reg [DIV_W-1:0]     div_count;
    reg [OS_W-1:0]      os_count;

    wire tick      = (div_count == BAUD_DIV - 1);
    wire bit_end   = tick && (os_count == OVERSAMPLING - 1);
    wire frame_end = (state == S_STOP) && bit_end && (bit_index == STOP_BITS - 1);
    // The next word leaves the FIFO in the cycle its start bit begins: from idle, or right as the
    // last stop bit ends, so back-to-back frames keep every bit exactly one bit time long.
    wire load      = ((state == S_IDLE) || frame_end) && !empty;

    assign pop  = load && !rst;
    assign busy = (state != S_IDLE);

    always @(posedge clk) begin
        if (rst) begin
            state      <= S_IDLE;
            txd        <= 1'b1;
            shifter    <= {DATA_BITS{1'b0}};
            parity_bit <= 1'b0;
            bit_index  <= 4'd0;
            div_count  <= {DIV_W{1'b0}};
            os_count   <= {OS_W{1'b0}};
        end else if (load) begin
            div_count  <= {DIV_W{1'b0}};
            os_count   <= {OS_W{1'b0}};
            shifter    <= data;
            parity_bit <= (^data) ^ (PARITY == 2); // even: XOR of the data, odd: inverted
            txd        <= 1'b0;                    // start bit
            state      <= S_START;
        end else if (state == S_IDLE) begin
            div_count <= {DIV_W{1'b0}};
            os_count  <= {OS_W{1'b0}};
        end else begin
            div_count <= tick ? {DIV_W{1'b0}} : div_count + 1'b1;
            if (tick) os_count <= (os_count == OVERSAMPLING - 1) ? {OS_W{1'b0}} : os_count + 1'b1;
            if (bit_end) begin
                case (state)
                    S_START: begin
                        txd       <= shifter[0];
                        bit_index <= 4'd0;
                        state     <= S_DATA;
                    end
                    S_DATA: begin
                        if (bit_index == DATA_BITS - 1) begin
                            bit_index <= 4'd0;
                            if (PARITY != 0) begin
                                txd   <= parity_bit;
                                state <= S_PARITY;
                            end else begin
                                txd   <= 1'b1;
                                state <= S_STOP;
                            end
                        end else begin
                            txd       <= shifter[1];
                            shifter   <= shifter >> 1;
                            bit_index <= bit_index + 1'b1;
                        end
                    end
                    S_PARITY: begin
                        txd       <= 1'b1;
                        bit_index <= 4'd0;
                        state     <= S_STOP;
                    end
                    default: begin // S_STOP
                        if (bit_index == STOP_BITS - 1) state <= S_IDLE;
                        else bit_index <= bit_index + 1'b1;
                    end
                endcase
            end
        end
    end
endmodule

// Receiver: the line is synchronised by two flip-flops and looked at on every oversampling tick.
// A low sample starts a frame; OVERSAMPLING/2 ticks later (mid start bit) it is checked again, then
// every bit is sampled once in its middle, OVERSAMPLING ticks apart. After a frame error the
// receiver waits for the line to go high before looking for the next start bit.
module ${UART_MODULE}_rx #(
    parameter integer BAUD_DIV     = 1,
    parameter integer OVERSAMPLING = 16,
    parameter integer DATA_BITS    = 8,
    parameter integer PARITY       = 0,
    parameter integer STOP_BITS    = 1
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 rxd,
    output reg                  push,
    output reg  [DATA_BITS+1:0] word   // {parity error, frame error, data}
);
    localparam [2:0] R_IDLE = 3'd0, R_START = 3'd1, R_DATA = 3'd2, R_PARITY = 3'd3,
                     R_STOP = 3'd4, R_WAIT_HIGH = 3'd5;
    localparam integer DIV_W = $clog2(BAUD_DIV + 1);
    localparam integer OS_W  = $clog2(OVERSAMPLING + 1);

    reg                 rx_meta, rx_sync;
    reg [2:0]           state;
    reg [DATA_BITS-1:0] shifter;
    reg                 parity_acc;
    reg                 parity_err;
    reg                 frame_err;
    reg [3:0]           bit_index;
    reg [DIV_W-1:0]     div_count;
    reg [OS_W-1:0]      os_count;

    wire tick      = (div_count == BAUD_DIV - 1);
    wire mid_start = tick && (os_count == OVERSAMPLING / 2 - 1);
    wire mid_bit   = tick && (os_count == OVERSAMPLING - 1);

    always @(posedge clk) begin
        if (rst) begin
            rx_meta <= 1'b1;
            rx_sync <= 1'b1;
        end else begin
            rx_meta <= rxd;
            rx_sync <= rx_meta;
        end
    end

    always @(posedge clk) begin
        push <= 1'b0;
        if (rst) begin
            state      <= R_IDLE;
            shifter    <= {DATA_BITS{1'b0}};
            parity_acc <= 1'b0;
            parity_err <= 1'b0;
            frame_err  <= 1'b0;
            bit_index  <= 4'd0;
            div_count  <= {DIV_W{1'b0}};
            os_count   <= {OS_W{1'b0}};
            word       <= {(DATA_BITS + 2){1'b0}};
        end else begin
            div_count <= tick ? {DIV_W{1'b0}} : div_count + 1'b1;
            if (tick) os_count <= (os_count == OVERSAMPLING - 1) ? {OS_W{1'b0}} : os_count + 1'b1;
            case (state)
                R_IDLE: begin
                    if (tick && !rx_sync) begin
                        os_count <= {OS_W{1'b0}};
                        state    <= R_START;
                    end
                end
                R_START: begin
                    if (mid_start) begin
                        os_count <= {OS_W{1'b0}};
                        if (!rx_sync) begin
                            parity_acc <= (PARITY == 2);
                            parity_err <= 1'b0;
                            frame_err  <= 1'b0;
                            bit_index  <= 4'd0;
                            state      <= R_DATA;
                        end else begin
                            state <= R_IDLE; // glitch, not a start bit
                        end
                    end
                end
                R_DATA: begin
                    if (mid_bit) begin
                        shifter    <= {rx_sync, shifter[DATA_BITS-1:1]};
                        parity_acc <= parity_acc ^ rx_sync;
                        if (bit_index == DATA_BITS - 1) begin
                            bit_index <= 4'd0;
                            state     <= (PARITY != 0) ? R_PARITY : R_STOP;
                        end else begin
                            bit_index <= bit_index + 1'b1;
                        end
                    end
                end
                R_PARITY: begin
                    if (mid_bit) begin
                        parity_err <= parity_acc ^ rx_sync;
                        state      <= R_STOP;
                    end
                end
                R_STOP: begin
                    if (mid_bit) begin
                        if (bit_index == STOP_BITS - 1) begin
                            push  <= 1'b1;
                            word  <= {parity_err, frame_err | !rx_sync, shifter};
                            state <= (frame_err || !rx_sync) ? R_WAIT_HIGH : R_IDLE;
                        end else begin
                            frame_err <= frame_err | !rx_sync;
                            bit_index <= bit_index + 1'b1;
                        end
                    end
                end
                default: begin // R_WAIT_HIGH
                    if (rx_sync) state <= R_IDLE;
                end
            endcase
        end
    end
endmodule

// First-word-fall-through FIFO: rd_data shows the oldest word while empty is low.
module ${UART_MODULE}_fifo #(
    parameter integer WIDTH = 8,
    parameter integer DEPTH = 16
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             wr_en,
    input  wire [WIDTH-1:0] wr_data,
    output wire             full,
    input  wire             rd_en,
    output wire [WIDTH-1:0] rd_data,
    output wire             empty
);
    localparam integer AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
    localparam integer CW = $clog2(DEPTH + 1);

    reg [WIDTH-1:0] mem [0:DEPTH-1];
    reg [AW-1:0]    wr_ptr, rd_ptr;
    reg [CW-1:0]    count;

    wire do_write = wr_en && (count != DEPTH);
    wire do_read  = rd_en && (count != 0);

    assign full    = (count == DEPTH);
    assign empty   = (count == 0);
    assign rd_data = mem[rd_ptr];

    always @(posedge clk) begin
        if (do_write) mem[wr_ptr] <= wr_data;
    end

    always @(posedge clk) begin
        if (rst) begin
            wr_ptr <= {AW{1'b0}};
            rd_ptr <= {AW{1'b0}};
            count  <= {CW{1'b0}};
        end else begin
            if (do_write) wr_ptr <= (wr_ptr == DEPTH - 1) ? {AW{1'b0}} : wr_ptr + 1'b1;
            if (do_read)  rd_ptr <= (rd_ptr == DEPTH - 1) ? {AW{1'b0}} : rd_ptr + 1'b1;
            if (do_write && !do_read)      count <= count + 1'b1;
            else if (do_read && !do_write) count <= count - 1'b1;
        end
    end
endmodule
`;
}
