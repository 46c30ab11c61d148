/** Identifier rules shared by Verilog-2005 and VHDL-93/2008 (VHDL is case-insensitive). */

const VERILOG_KEYWORDS = `always and assign automatic begin buf bufif0 bufif1 case casex casez cell cmos config deassign default
defparam design disable edge else end endcase endconfig endfunction endgenerate endmodule endprimitive endspecify endtable
endtask event for force forever fork function generate genvar highz0 highz1 if ifnone incdir include initial inout input
instance integer join large liblist library localparam macromodule medium module nand negedge nmos nor noshowcancelled not
notif0 notif1 or output parameter pmos posedge primitive pull0 pull1 pulldown pullup pulsestyle_ondetect pulsestyle_onevent
rcmos real realtime reg release repeat rnmos rpmos rtran rtranif0 rtranif1 scalared showcancelled signed small specify
specparam strong0 strong1 supply0 supply1 table task time tran tranif0 tranif1 tri tri0 tri1 triand trior trireg unsigned
use uwire vectored wait wand weak0 weak1 while wire wor xnor xor`;

const VHDL_RESERVED = `abs access after alias all and architecture array assert assume assume_guarantee attribute begin block body
buffer bus case component configuration constant context cover default disconnect downto else elsif end entity exit fairness
file for force function generate generic group guarded if impure in inertial inout is label library linkage literal loop map
mod nand new next nor not null of on open or others out package parameter port postponed procedure process property protected
pure range record register reject release rem report restrict restrict_guarantee return rol ror select sequence severity
shared signal sla sll sra srl strong subtype then to transport type unaffected units until use variable vmode vprop vunit
wait when while with xnor xor`;

/**
 * SystemVerilog keywords (IEEE 1800-2017, Annex B, beyond Verilog-2005's), so the Verilog also reads
 * in SystemVerilog tools (`iverilog -g2012`). Until 2026-11-30 the `end...` words, `bins`, `binsof`
 * and `expect` (1800-2005) and the words of 1800-2009 and 2012 (`checker`, `let`, `soft`, ...) were missing.
 */
const SYSTEMVERILOG_KEYWORDS = `accept_on alias always_comb always_ff always_latch assert assume before bind bins binsof bit
break byte chandle checker class clocking const constraint context continue cover covergroup coverpoint cross dist do
endchecker endclass endclocking endgroup endinterface endpackage endprogram endproperty endsequence enum eventually expect
export extends extern final first_match foreach forkjoin global iff ignore_bins illegal_bins implements implies import
inside int interconnect interface intersect join_any join_none let local logic longint matches modport nettype new nexttime
null package packed priority program property protected pure rand randc randcase randsequence ref reject_on restrict
return s_always s_eventually s_nexttime s_until s_until_with sequence shortint shortreal soft solve static string strong
struct super sync_accept_on sync_reject_on tagged this throughout timeprecision timeunit type typedef union unique unique0
until until_with untyped var virtual void wait_order weak wildcard with within`;

/**
 * Names the generated code and testbenches declare themselves (types, processes, architectures,
 * the testbench's instance and counters). `fsm.test.ts` checks that every identifier the
 * generators write is in these lists or a keyword.
 */
const GENERATED = `state_reg state_next state_type state_register next_state_logic output_logic rtl sim stimulus dut
tb_errors tb_done tb_cycle`;

/** Names VHDL's libraries give (types, functions, the testbench's severity levels and time unit). */
const VHDL_PREDEFINED = `std_logic std_logic_vector unsigned signed ieee std numeric_std std_logic_1164 work rising_edge
falling_edge to_unsigned true false boolean integer natural positive bit string time character note warning error failure
ns`;

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));
const KEYWORDS = new Set([...words(VERILOG_KEYWORDS), ...words(SYSTEMVERILOG_KEYWORDS), ...words(VHDL_RESERVED)]);
/** Until 2026-12-01 all three were "a reserved word in Verilog, SystemVerilog or VHDL", which `dut` or `error` is not. */
const TAKEN: [Set<string>, string][] = [
  [KEYWORDS, 'is a reserved word in Verilog, SystemVerilog or VHDL'],
  [words(GENERATED), 'is a name the generated code or its testbench declares'],
  [words(VHDL_PREDEFINED), 'is a name VHDL predefines'],
];

/** Letters, digits and single underscores, starting with a letter, not ending with '_'. */
const IDENTIFIER = /^[A-Za-z](?:_?[A-Za-z0-9])*$/;

/** Why `name` cannot be used as an identifier in both languages, or '' when it can. */
export function identifierProblem(name: string): string {
  if (name === '') return 'is empty';
  if (!IDENTIFIER.test(name))
    return 'must start with a letter and use only letters, digits and single underscores (not at the end)';
  return TAKEN.find(([names]) => names.has(name.toLowerCase()))?.[1] ?? '';
}
