/** Self-checking Verilog-2005 testbench for the generated UART (phases in testbench.ts). */
import type { UartConfig } from './config';
import { PARITY_CODE, UART_MODULE } from './design';
import { plan, tbHeader, type UartTestbenchOptions } from './testbench';

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
                if (txd !== expected_parity(mon_word)) begin
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

    // The parity bit by its definition, not by the design's XOR reduction: the bit that makes the
    // count of ones in the data and parity even (PARITY 1) or odd (PARITY 2).
    function expected_parity;
        input [DATA_BITS-1:0] v;
        integer i, ones;
        begin
            ones = 0;
            for (i = 0; i < DATA_BITS; i = i + 1) if (v[i] === 1'b1) ones = ones + 1;
            expected_parity = ((ones % 2 == 0) == (PARITY == 1)) ? 1'b0 : 1'b1;
        end
    endfunction

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
                line = expected_parity(w) ^ bad_parity;
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
