/**
 * The transition condition language, parsed once and translated to Verilog, VHDL and a
 * TypeScript evaluator (the reference model used by testbenches).
 *
 *   expr    := or
 *   or      := and ('||' and)*
 *   and     := unary ('&&' unary)*
 *   unary   := '!' unary | primary
 *   primary := '(' expr ')' | 'true' | 'false' | operand [cmp operand]
 *   operand := input | input '[' bit ']' | number        (number: 12, 0x1F, 0b101)
 *   cmp     := '==' | '!=' | '<' | '<=' | '>' | '>='
 *
 * An input alone is true when it is non-zero; a number alone is true when non-zero; an empty
 * condition is always true. Comparisons are unsigned and bind tighter than '!', so
 * `!count == 3` is `!(count == 3)`.
 */
import { excerpt } from '../../excerpt';

export type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type Operand = { kind: 'sig'; name: string; bit?: number } | { kind: 'num'; value: bigint };

export type Cond =
  | { kind: 'const'; value: boolean }
  | { kind: 'ref'; name: string; bit?: number }
  | { kind: 'not'; arg: Cond }
  | { kind: 'and' | 'or'; left: Cond; right: Cond }
  | { kind: 'cmp'; op: CmpOp; left: Operand; right: Operand };

export class ConditionError extends Error {}

interface Token {
  text: string;
  kind: 'ident' | 'num' | 'op' | 'end';
  pos: number;
}

const TOKEN = /\s*(?:(0x[0-9a-fA-F]+|0b[01]+|\d+)|([A-Za-z_][A-Za-z0-9_]*)|(&&|\|\||==|!=|<=|>=|[!<>()[\]]))/y;

/** What to write instead of an operator of Verilog or VHDL that the language does not have. */
const INSTEAD: Record<string, string> = {
  '&': 'write && for and',
  '|': 'write || for or',
  '~': 'write ! for not',
  '=': 'write == to compare',
  '/': 'write != for not equal',
};

/**
 * VHDL's word operators, in any case as VHDL reads them. Each is a reserved word, so never an
 * input's name: the word itself is the mistake, wherever it stands.
 */
const WORD_INSTEAD = new Map<string, string>([
  ['and', 'write && for and'],
  ['or', 'write || for or'],
  ['not', 'write ! for not'],
  ['xor', 'there is no xor: for 1-bit inputs a and b write a != b'],
]);

const SIZED = /^'(?:[bB]([01][01_]*)|[dD](\d[\d_]*)|[hH]([0-9a-fA-F][0-9a-fA-F_]*))/;

/** A value in the language's three forms: "15, 0xF or 0b1111". */
const forms = (value: bigint) => `${value}, 0x${value.toString(16).toUpperCase()} or 0b${value.toString(2)}`;

const QUOTES_HINT = 'numbers are written 15, 0xF or 0b1111, without quotes';

/** VHDL's bit-string literals: b"1010", o"17", x"F" (the letter in either case, digits with _). */
const BIT_STRING_DIGITS: Record<string, RegExp> = { b: /^[01]+$/, o: /^[0-7]+$/, x: /^[0-9a-fA-F]+$/ };
const BIT_STRING_PREFIX: Record<string, string> = { b: '0b', o: '0o', x: '0x' };

/** The hint for a '"' at index `at`: a bit string such as x"F" gets its value in the language's forms. */
function bitStringHint(text: string, at: number): string {
  const base = /(?<![A-Za-z0-9_])([bBoOxX])$/.exec(text.slice(0, at))?.[1];
  const literal = /^"([0-9a-fA-F_]*)"/.exec(text.slice(at));
  const key = base?.toLowerCase() ?? '';
  const digits = literal?.[1]?.replace(/_/g, '') ?? '';
  if (!literal) return ''; // a quoted name ("start") is not a number
  if (!base || !BIT_STRING_DIGITS[key]?.test(digits)) return QUOTES_HINT;
  const value = BigInt(`${BIT_STRING_PREFIX[key]}${digits}`);
  return `bit strings such as ${excerpt(base + literal[0])} are not part of the language: write ${forms(value)}`;
}

/** The hint after "unexpected 'x'" at index `at`; a sized number such as 4'd15 gets its value in the language's forms. */
function hint(text: string, at: number): string {
  if (text[at] === '"') return bitStringHint(text, at);
  if (text[at] !== "'") return INSTEAD[text[at]!] ?? '';
  const size = /\d+$/.exec(text.slice(0, at))?.[0];
  const m = SIZED.exec(text.slice(at));
  if (!size || !m) return QUOTES_HINT;
  const [bin, dec, hex] = [m[1], m[2], m[3]].map((d) => d?.replace(/_/g, ''));
  const value = BigInt(bin !== undefined ? `0b${bin}` : hex !== undefined ? `0x${hex}` : dec!);
  return `sized numbers such as ${excerpt(size + m[0])} are not part of the language: write ${forms(value)}`;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) {
      const at = pos + (text.slice(pos).length - text.slice(pos).trimStart().length);
      const instead = hint(text, at);
      throw new ConditionError(`unexpected '${text[at]}' at position ${at + 1}${instead ? ` (${instead})` : ''}`);
    }
    const [matched, num, ident, op = ''] = m; // TOKEN captures exactly one of the three
    const tokenText = num ?? ident ?? op;
    const start = m.index + matched.length - tokenText.length;
    const word = ident === undefined ? undefined : WORD_INSTEAD.get(ident.toLowerCase());
    if (word) throw new ConditionError(`unexpected '${excerpt(ident!)}' at position ${start + 1} (${word})`);
    tokens.push({ text: tokenText, kind: num ? 'num' : ident ? 'ident' : 'op', pos: start + 1 });
    pos = TOKEN.lastIndex;
  }
  tokens.push({ text: '', kind: 'end', pos: text.length + 1 });
  return tokens;
}

const CMP_OPS = new Set(['==', '!=', '<', '<=', '>', '>=']);

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  /** The current token. Every rule stops at the 'end' token, so reading past it is a bug. */
  private peek(): Token {
    const t = this.tokens[this.i];
    if (!t) throw new Error('Condition parser read past the end token.');
    return t;
  }
  private next(): Token {
    const t = this.peek();
    this.i++;
    return t;
  }
  private expect(text: string): void {
    const t = this.next();
    if (t.text !== text) throw new ConditionError(`expected '${text}' ${describe(t)}`);
  }

  parse(): Cond {
    const c = this.or();
    const t = this.peek();
    if (t.kind !== 'end') throw new ConditionError(`unexpected '${excerpt(t.text)}' at position ${t.pos}`);
    return c;
  }
  private or(): Cond {
    let left = this.and();
    while (this.peek().text === '||') {
      this.next();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }
  private and(): Cond {
    let left = this.unary();
    while (this.peek().text === '&&') {
      this.next();
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }
  private unary(): Cond {
    if (this.peek().text === '!') {
      this.next();
      return { kind: 'not', arg: this.unary() };
    }
    return this.primary();
  }
  private primary(): Cond {
    const t = this.peek();
    if (t.text === '(') {
      this.next();
      const c = this.or();
      this.expect(')');
      return c;
    }
    if (t.kind === 'ident' && (t.text === 'true' || t.text === 'false')) {
      this.next();
      return { kind: 'const', value: t.text === 'true' };
    }
    const left = this.operand();
    if (CMP_OPS.has(this.peek().text)) {
      const op = this.next().text as CmpOp;
      return { kind: 'cmp', op, left, right: this.operand() };
    }
    return left.kind === 'num'
      ? { kind: 'const', value: left.value !== 0n }
      : { kind: 'ref', name: left.name, bit: left.bit };
  }
  private operand(): Operand {
    const t = this.next();
    if (t.kind === 'num') return { kind: 'num', value: BigInt(t.text) };
    if (t.kind !== 'ident') throw new ConditionError(`expected an input name or a number ${describe(t)}`);
    if (this.peek().text !== '[') return { kind: 'sig', name: t.text };
    this.next();
    const bit = this.next();
    if (bit.kind !== 'num') throw new ConditionError(`expected a bit number ${describe(bit)}`);
    this.expect(']');
    return { kind: 'sig', name: t.text, bit: Number(BigInt(bit.text)) };
  }
}

function describe(t: Token): string {
  return t.kind === 'end' ? 'at the end' : `but found '${excerpt(t.text)}' at position ${t.pos}`;
}

/** Parses a condition; an empty text is always true. Throws ConditionError with a position. */
export function parseCondition(text: string): Cond {
  if (text.trim() === '') return { kind: 'const', value: true };
  return new Parser(tokenize(text)).parse();
}

/** Every input name (and bit index) the condition reads. */
export function conditionSignals(c: Cond): { name: string; bit?: number }[] {
  switch (c.kind) {
    case 'const':
      return [];
    case 'ref':
      return [{ name: c.name, bit: c.bit }];
    case 'not':
      return conditionSignals(c.arg);
    case 'and':
    case 'or':
      return [...conditionSignals(c.left), ...conditionSignals(c.right)];
    case 'cmp':
      return [c.left, c.right].flatMap((o) => (o.kind === 'sig' ? [{ name: o.name, bit: o.bit }] : []));
  }
}

/** The same comparison with its operands swapped (`8 > n` is `n < 8`). */
const SWAPPED: Record<CmpOp, CmpOp> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** Number constants compared with each input, for range checks: `signal op value`, the input on the left. */
export function comparedConstants(c: Cond): { signal: { name: string; bit?: number }; op: CmpOp; value: bigint }[] {
  switch (c.kind) {
    case 'not':
      return comparedConstants(c.arg);
    case 'and':
    case 'or':
      return [...comparedConstants(c.left), ...comparedConstants(c.right)];
    case 'cmp': {
      const [l, r] = [c.left, c.right];
      if (l.kind === 'sig' && r.kind === 'num') return [{ signal: l, op: c.op, value: r.value }];
      if (r.kind === 'sig' && l.kind === 'num') return [{ signal: r, op: SWAPPED[c.op], value: l.value }];
      return [];
    }
    default:
      return [];
  }
}

export type Widths = Record<string, number>;

function operandValue(o: Operand, values: Record<string, bigint>): bigint {
  if (o.kind === 'num') return o.value;
  const v = values[o.name] ?? 0n;
  return o.bit === undefined ? v : (v >> BigInt(o.bit)) & 1n;
}

function compare(op: CmpOp, a: bigint, b: bigint): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

/** Evaluates the condition for input values (the reference model). */
export function evaluateCondition(c: Cond, values: Record<string, bigint>): boolean {
  switch (c.kind) {
    case 'const':
      return c.value;
    case 'ref':
      return operandValue({ kind: 'sig', name: c.name, bit: c.bit }, values) !== 0n;
    case 'not':
      return !evaluateCondition(c.arg, values);
    case 'and':
      return evaluateCondition(c.left, values) && evaluateCondition(c.right, values);
    case 'or':
      return evaluateCondition(c.left, values) || evaluateCondition(c.right, values);
    case 'cmp':
      return compare(c.op, operandValue(c.left, values), operandValue(c.right, values));
  }
}

function operandWidth(o: Operand, widths: Widths): number {
  if (o.kind === 'num') return Math.max(1, o.value.toString(2).length);
  return o.bit !== undefined ? 1 : (widths[o.name] ?? 1);
}

function verilogSignal(name: string, bit: number | undefined, widths: Widths): string {
  return bit === undefined || (widths[name] ?? 1) === 1 ? name : `${name}[${bit}]`;
}

function verilogOperand(o: Operand, other: Operand, widths: Widths): string {
  if (o.kind === 'sig') return verilogSignal(o.name, o.bit, widths);
  const w = Math.max(operandWidth(o, widths), operandWidth(other, widths));
  return `${w}'d${o.value}`;
}

/**
 * Verilog-2005 allows a unary operator only before a primary (`!!a` is a syntax error in Icarus).
 * Every form conditionToVerilog writes is a primary (a name, a bit select, a number or a
 * parenthesised expression) except a negation, which is wrapped.
 */
function verilogPrimary(c: Cond, text: string): string {
  return c.kind === 'not' ? `(${text})` : text;
}

/** Verilog-2005 expression (1-bit) for the condition. */
export function conditionToVerilog(c: Cond, widths: Widths): string {
  switch (c.kind) {
    case 'const':
      return c.value ? "1'b1" : "1'b0";
    case 'ref': {
      const s = verilogSignal(c.name, c.bit, widths);
      return c.bit === undefined && (widths[c.name] ?? 1) > 1 ? `(${s} != 0)` : s;
    }
    case 'not':
      return `!${verilogPrimary(c.arg, conditionToVerilog(c.arg, widths))}`;
    case 'and':
      return `(${conditionToVerilog(c.left, widths)} && ${conditionToVerilog(c.right, widths)})`;
    case 'or':
      return `(${conditionToVerilog(c.left, widths)} || ${conditionToVerilog(c.right, widths)})`;
    case 'cmp':
      return `(${verilogOperand(c.left, c.right, widths)} ${c.op} ${verilogOperand(c.right, c.left, widths)})`;
  }
}

const VHDL_OPS: Record<CmpOp, string> = { '==': '=', '!=': '/=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const NATURAL_MAX = 2n ** 31n - 1n;

function vhdlBit(name: string, bit: number | undefined, widths: Widths): string {
  return bit === undefined || (widths[name] ?? 1) === 1 ? name : `${name}(${bit})`;
}

function vhdlOperand(o: Operand, other: Operand, widths: Widths): string {
  if (o.kind === 'num') {
    if (o.value <= NATURAL_MAX) return o.value.toString();
    const w = Math.max(operandWidth(o, widths), operandWidth(other, widths));
    return `unsigned'("${o.value.toString(2).padStart(w, '0')}")`;
  }
  if (o.bit !== undefined || (widths[o.name] ?? 1) === 1) return `unsigned'(0 => ${vhdlBit(o.name, o.bit, widths)})`;
  return `unsigned(${o.name})`;
}

/** VHDL boolean expression (VHDL-93 and 2008, numeric_std) for the condition. */
export function conditionToVhdl(c: Cond, widths: Widths): string {
  switch (c.kind) {
    case 'const':
      return c.value ? 'true' : 'false';
    case 'ref':
      return c.bit === undefined && (widths[c.name] ?? 1) > 1
        ? `(unsigned(${c.name}) /= 0)`
        : `(${vhdlBit(c.name, c.bit, widths)} = '1')`;
    case 'not':
      return `(not ${conditionToVhdl(c.arg, widths)})`;
    case 'and':
      return `(${conditionToVhdl(c.left, widths)} and ${conditionToVhdl(c.right, widths)})`;
    case 'or':
      return `(${conditionToVhdl(c.left, widths)} or ${conditionToVhdl(c.right, widths)})`;
    case 'cmp':
      if (c.left.kind === 'num' && c.right.kind === 'num')
        return compare(c.op, c.left.value, c.right.value) ? 'true' : 'false';
      return `(${vhdlOperand(c.left, c.right, widths)} ${VHDL_OPS[c.op]} ${vhdlOperand(c.right, c.left, widths)})`;
  }
}

/** True when the condition is the constant true (an unconditional transition). */
export function isAlways(c: Cond): boolean {
  return c.kind === 'const' && c.value;
}
