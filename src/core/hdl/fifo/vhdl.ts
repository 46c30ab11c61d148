/**
 * VHDL-93 FIFO emitter (numeric_std only): the same architecture as verilog.ts, signal for signal,
 * so both languages behave alike cycle by cycle.
 */
import { headerComment } from '../comment';
import { fifoPorts, headerLines, MODULE_NAME, type FifoDesign } from './design';

const slv = (w: number, bus = false) => (w === 1 && !bus ? 'std_logic' : `std_logic_vector(${w - 1} downto 0)`);
const ZP = "(others => '0')";

/** Pointer arithmetic: plain binary for power-of-two depths, the wrap-aware functions otherwise. */
const next = (d: FifoDesign, p: string) => (d.pow2 ? `${p} + 1` : `ptr_next(${p})`);
const count = (d: FifoDesign, a: string, b: string) => (d.pow2 ? `${a} - ${b}` : `ptr_count(${a}, ${b})`);
const toGray = (d: FifoDesign, p: string) => (d.pow2 ? `bin2gray(${p})` : `ptr2gray(${p})`);
const fromGray = (d: FifoDesign, g: string) => (d.pow2 ? `gray2bin(${g})` : `gray2ptr(${g})`);
/** Reset value of the Gray registers: the crossing code of pointer 0. */
const grayReset = (d: FifoDesign) => (d.pow2 ? ZP : 'GRAY_RESET');

/** A clocked process with the configured reset style. */
function clocked(d: FifoDesign, clk: string, reset: string[], body: string[]): string[] {
  const ind = (ls: string[], n: string) => ls.map((l) => n + l);
  if (d.c.resetType === 'async') {
    return [
      `process (${clk}, rst)`,
      'begin',
      "  if rst = '1' then",
      ...ind(reset, '    '),
      `  elsif rising_edge(${clk}) then`,
      ...ind(body, '    '),
      '  end if;',
      'end process;',
    ];
  }
  return [
    `process (${clk})`,
    'begin',
    `  if rising_edge(${clk}) then`,
    "    if rst = '1' then",
    ...ind(reset, '      '),
    '    else',
    ...ind(body, '      '),
    '    end if;',
    '  end if;',
    'end process;',
  ];
}

function entity(d: FifoDesign): string[] {
  const list = fifoPorts(d);
  return [
    `entity ${MODULE_NAME} is`,
    '  port (',
    ...list.map((p, i) => {
      const end = i === list.length - 1 ? '' : ';';
      return `    ${p.name.padEnd(16)}: ${p.dir === 'in' ? 'in ' : 'out'} ${slv(p.width, p.bus)}${end}`;
    }),
    '  );',
    `end entity ${MODULE_NAME};`,
  ];
}

/** Pointers of a depth that is not a power of two: (wrap bit, address 0..DEPTH-1). */
function pointerFunctions(d: FifoDesign): string[] {
  if (d.pow2) return [];
  const out = [
    '-- The address wraps at DEPTH - 1 and toggles the wrap bit (the top bit).',
    'function ptr_next(p : ptr_t) return ptr_t is',
    "  variable r : ptr_t := (others => '0');",
    'begin',
    '  if p(ADDR_WIDTH - 1 downto 0) = DEPTH - 1 then',
    '    r(ADDR_WIDTH) := not p(ADDR_WIDTH);',
    '    return r;',
    '  end if;',
    '  return p + 1;',
    'end function;',
    '',
    '-- Words from pointer b up to pointer a (0..DEPTH): one lap more when the wrap bits differ.',
    'function ptr_count(a, b : ptr_t) return ptr_t is',
    '  variable n : ptr_t;',
    'begin',
    '  n := resize(a(ADDR_WIDTH - 1 downto 0), ADDR_WIDTH + 1)',
    '       - resize(b(ADDR_WIDTH - 1 downto 0), ADDR_WIDTH + 1);',
    '  if a(ADDR_WIDTH) /= b(ADDR_WIDTH) then',
    '    n := n + DEPTH;',
    '  end if;',
    '  return n;',
    'end function;',
    '',
  ];
  if (d.async) {
    out.push(
      '-- Crossing code: the 2 x DEPTH pointer values map onto a window of the reflected Gray code',
      '-- centred on its midpoint, so consecutive pointers (the wrap included) differ in one bit.',
      'function ptr2gray(p : ptr_t) return ptr_t is',
      'begin',
      "  if p(ADDR_WIDTH) = '1' then",
      '    return bin2gray(p);',
      '  end if;',
      '  return bin2gray(p + GRAY_OFFSET);',
      'end function;',
      '',
      'function gray2ptr(g : ptr_t) return ptr_t is',
      '  variable b : ptr_t;',
      'begin',
      '  b := gray2bin(g);',
      "  if b(ADDR_WIDTH) = '1' then",
      '    return b;',
      '  end if;',
      '  return b - GRAY_OFFSET;',
      'end function;',
      '',
    );
  }
  return out;
}

function functions(d: FifoDesign): string[] {
  const out: string[] = [];
  if (d.async) {
    out.push(
      'function bin2gray(b : ptr_t) return ptr_t is',
      'begin',
      '  return b xor shift_right(b, 1);',
      'end function;',
      '',
      'function gray2bin(g : ptr_t) return ptr_t is',
      '  variable b : ptr_t;',
      'begin',
      '  b(ADDR_WIDTH) := g(ADDR_WIDTH);',
      '  for i in ADDR_WIDTH - 1 downto 0 loop',
      '    b(i) := b(i + 1) xor g(i);',
      '  end loop;',
      '  return b;',
      'end function;',
      '',
    );
  }
  out.push(...pointerFunctions(d));
  if (d.ecc) {
    out.push(
      '-- Hamming SECDED: codeword bit 0 = overall parity, bits 1..CODE_BITS at Hamming positions',
      '-- (powers of two = parity bits, the others carry data bits LSB first).',
      'function is_data_pos(pos : integer) return boolean is',
      'begin',
      '  for k in 0 to PARITY_BITS loop',
      '    if pos = 2 ** k then',
      '      return false;',
      '    end if;',
      '  end loop;',
      '  return true;',
      'end function;',
      '',
      'function ecc_encode(d : data_t) return word_t is',
      "  variable cw : word_t := (others => '0');",
      '  variable j  : integer := 0;',
      '  variable p  : std_logic;',
      'begin',
      '  for pos in 1 to CODE_BITS loop',
      '    if is_data_pos(pos) then',
      '      cw(pos) := d(j);',
      '      j := j + 1;',
      '    end if;',
      '  end loop;',
      '  for i in 0 to PARITY_BITS - 1 loop',
      "    p := '0';",
      '    for pos in 1 to CODE_BITS loop',
      '      if (pos / 2 ** i) mod 2 = 1 then',
      '        p := p xor cw(pos);',
      '      end if;',
      '    end loop;',
      '    cw(2 ** i) := p;',
      '  end loop;',
      "  p := '0';",
      '  for pos in 1 to CODE_BITS loop',
      '    p := p xor cw(pos);',
      '  end loop;',
      '  cw(0) := p;',
      '  return cw;',
      'end function;',
      '',
      '-- Returns double_error & single_error & corrected data.',
      'function ecc_decode(c : word_t) return std_logic_vector is',
      '  variable cw      : word_t := c;',
      '  variable d       : data_t;',
      '  variable syn     : integer := 0;',
      '  variable j       : integer := 0;',
      '  variable p       : std_logic;',
      "  variable sbit    : std_logic := '0';",
      "  variable dbit    : std_logic := '0';",
      'begin',
      '  for i in 0 to PARITY_BITS - 1 loop',
      "    p := '0';",
      '    for pos in 1 to CODE_BITS loop',
      '      if (pos / 2 ** i) mod 2 = 1 then',
      '        p := p xor cw(pos);',
      '      end if;',
      '    end loop;',
      "    if p = '1' then",
      '      syn := syn + 2 ** i;',
      '    end if;',
      '  end loop;',
      "  p := '0';",
      '  for pos in 0 to CODE_BITS loop',
      '    p := p xor cw(pos);',
      '  end loop;',
      "  if p = '1' then",
      "    sbit := '1';",
      '    if syn /= 0 and syn <= CODE_BITS then',
      '      cw(syn) := not cw(syn);',
      '    end if;',
      '  elsif syn /= 0 then',
      "    dbit := '1';",
      '  end if;',
      '  for pos in 1 to CODE_BITS loop',
      '    if is_data_pos(pos) then',
      '      d(j) := cw(pos);',
      '      j := j + 1;',
      '    end if;',
      '  end loop;',
      '  return dbit & sbit & d;',
      'end function;',
      '',
    );
  }
  return out;
}

/**
 * Pointers start at their reset values (the Gray registers at the code of pointer 0), so the
 * comparisons on them meet no 'U' before the reset: NUMERIC_STD warned "metavalue detected" at 0 ms.
 */
const ZERO = " := (others => '0')";

function declarations(d: FifoDesign): string[] {
  const c = d.c;
  const grayInit = d.pow2 ? ZERO : ' := GRAY_RESET';
  const out = [
    `constant DATA_WIDTH : integer := ${d.width};`,
    `constant DEPTH      : integer := ${d.depth};`,
    `constant ADDR_WIDTH : integer := ${d.addrBits};`,
    `constant MEM_WIDTH  : integer := ${d.memWidth};${d.ecc ? '  -- data + Hamming parity + overall parity' : ''}`,
    `constant AF_LEVEL   : integer := ${d.afLevel};  -- floor(${d.depth} x ${c.almostFullThreshold} / 100)`,
    `constant AE_LEVEL   : integer := ${d.aeLevel};  -- floor(${d.depth} x ${c.almostEmptyThreshold} / 100)`,
  ];
  if (d.ecc)
    out.push(`constant PARITY_BITS : integer := ${d.parityBits};`, `constant CODE_BITS   : integer := ${d.codeBits};`);
  if (d.async && !d.pow2) out.push(`constant GRAY_OFFSET : integer := ${d.grayOffset};  -- 2**ADDR_WIDTH - DEPTH`);
  out.push(
    '',
    'subtype ptr_t  is unsigned(ADDR_WIDTH downto 0);',
    'subtype data_t is std_logic_vector(DATA_WIDTH - 1 downto 0);',
    'subtype word_t is std_logic_vector(MEM_WIDTH - 1 downto 0);',
    'type mem_t is array (0 to DEPTH - 1) of word_t;',
    ...(d.async && !d.pow2
      ? [`constant GRAY_RESET : ptr_t := to_unsigned(${d.grayReset}, ADDR_WIDTH + 1);  -- crossing code of pointer 0`]
      : []),
    '',
    ...functions(d),
    `-- Storage: ${c.memoryType} memory`,
    'signal mem : mem_t;',
    'attribute ram_style : string;',
    `attribute ram_style of mem : signal is "${d.ramStyle}";`,
    'attribute syn_ramstyle : string;',
    `attribute syn_ramstyle of mem : signal is "${d.synRamStyle}";`,
    '',
    '-- write clock domain',
    `signal wr_ptr      : ptr_t${ZERO};  -- next address to write`,
  );
  if (d.packet) out.push(`signal commit_ptr  : ptr_t${ZERO};  -- end of the last committed packet`);
  if (d.async && d.packet)
    out.push(`signal publish_ptr : ptr_t${ZERO};  -- steps towards commit_ptr one word per cycle`);
  out.push(
    `signal rd_released : ptr_t${ZERO};  -- read pointer as seen by the write side`,
    `signal wr_count    : ptr_t${ZERO};`,
    'signal full_i, almost_full_i, wr_fire : std_logic;',
    'signal wr_word     : word_t;',
  );
  if (d.ecc) out.push('signal inject_mask : word_t;');
  out.push(
    '',
    '-- read clock domain',
    `signal rd_ptr      : ptr_t${ZERO};  -- next address to fetch from memory`,
    `signal pop_ptr     : ptr_t${ZERO};  -- words handed to the reader`,
    `signal wr_visible  : ptr_t${ZERO};  -- committed write pointer as seen by the read side`,
    `signal rd_count, rd_avail : ptr_t${ZERO};`,
    'signal ram_q       : word_t;  -- registered memory read port',
    'signal ram_valid   : std_logic;',
    'signal ram_data    : data_t;',
    'signal empty_i, fetch, valid_i : std_logic;',
  );
  if (d.fwft) out.push('signal take, pop : std_logic;');
  if (d.ecc)
    out.push('signal decoded : std_logic_vector(DATA_WIDTH + 1 downto 0);', 'signal ram_sbit, ram_dbit : std_logic;');
  if (d.outReg) {
    out.push('signal dout_r    : data_t;  -- output register', 'signal out_valid : std_logic;');
    if (d.ecc) out.push('signal sbit_r, dbit_r : std_logic;');
  }
  if (d.async) {
    out.push(
      '',
      '-- Gray-coded pointers and their two-flop synchronisers',
      `signal wr_gray, rd_gray : ptr_t${grayInit};`,
      `signal rd_gray_s1, rd_gray_s2, wr_gray_s1, wr_gray_s2 : ptr_t${grayInit};`,
      'attribute ASYNC_REG : string;',
      'attribute ASYNC_REG of rd_gray_s1, rd_gray_s2, wr_gray_s1, wr_gray_s2 : signal is "TRUE";',
    );
  }
  return out;
}

function writeSide(d: FifoDesign): string[] {
  const W = d.wclk;
  const out = [
    '-- ---------------- write clock domain ----------------',
    `wr_count      <= ${count(d, 'wr_ptr', 'rd_released')};`,
    "full_i        <= '1' when wr_count = to_unsigned(DEPTH, ADDR_WIDTH + 1) else '0';",
    "almost_full_i <= '1' when wr_count >= to_unsigned(AF_LEVEL, ADDR_WIDTH + 1) else '0';",
    `wr_fire       <= wr_en and not full_i${d.packet ? ' and not wr_discard' : ''};`,
    'full          <= full_i;',
    'almost_full   <= almost_full_i;',
  ];
  if (d.ecc) {
    out.push(
      `inject_mask <= std_logic_vector(to_unsigned(${d.doubleMask}, MEM_WIDTH)) when inject_dbit_err = '1' else`,
      `               std_logic_vector(to_unsigned(${d.singleMask}, MEM_WIDTH)) when inject_sbit_err = '1' else`,
      `               ${ZP};`,
      'wr_word <= ecc_encode(din) xor inject_mask;',
    );
  } else {
    out.push('wr_word <= din;');
  }
  out.push(
    '',
    `process (${W})`,
    'begin',
    `  if rising_edge(${W}) then`,
    "    if wr_fire = '1' then",
    '      mem(to_integer(wr_ptr(ADDR_WIDTH - 1 downto 0))) <= wr_word;',
    '    end if;',
    '  end if;',
    'end process;',
    '',
  );
  const reset = [`wr_ptr <= ${ZP};`];
  let body: string[];
  if (d.packet) {
    reset.push(`commit_ptr <= ${ZP};`);
    body = [
      "if wr_discard = '1' then",
      '  wr_ptr <= commit_ptr;',
      "elsif wr_fire = '1' then",
      `  wr_ptr <= ${next(d, 'wr_ptr')};`,
      "  if wr_last = '1' then",
      `    commit_ptr <= ${next(d, 'wr_ptr')};`,
      '  end if;',
      'end if;',
    ];
    if (d.async) {
      reset.push(`publish_ptr <= ${ZP};`);
      body.push('if publish_ptr /= commit_ptr then', `  publish_ptr <= ${next(d, 'publish_ptr')};`, 'end if;');
    }
  } else {
    body = ["if wr_fire = '1' then", `  wr_ptr <= ${next(d, 'wr_ptr')};`, 'end if;'];
  }
  out.push(...clocked(d, W, reset, body));
  if (d.async) {
    const visible = d.packet ? 'publish_ptr' : 'wr_ptr';
    out.push(
      '',
      '-- Gray-coded write pointer (registered) for the read domain',
      ...clocked(d, W, [`wr_gray <= ${grayReset(d)};`], [`wr_gray <= ${toGray(d, visible)};`]),
      '',
      '-- two-flop synchroniser: read pointer into the write domain',
      ...clocked(
        d,
        W,
        [`rd_gray_s1 <= ${grayReset(d)};`, `rd_gray_s2 <= ${grayReset(d)};`],
        ['rd_gray_s1 <= rd_gray;', 'rd_gray_s2 <= rd_gray_s1;'],
      ),
      `rd_released <= ${fromGray(d, 'rd_gray_s2')};`,
    );
  } else {
    out.push('rd_released <= pop_ptr;');
  }
  return out;
}

function readSide(d: FifoDesign): string[] {
  const R = d.rclk;
  const validOut = d.outReg ? 'out_valid' : 'ram_valid';
  const out = [
    '-- ---------------- read clock domain ----------------',
    `rd_count     <= ${count(d, 'wr_visible', 'pop_ptr')};`,
    `rd_avail     <= ${count(d, 'wr_visible', 'rd_ptr')};`,
    // rd_count includes the words still in the FWFT prefetch pipeline: empty must still mean almost empty.
    `almost_empty <= '1' when ${d.fwft ? "empty_i = '1' or " : ''}rd_count <= to_unsigned(AE_LEVEL, ADDR_WIDTH + 1) else '0';`,
  ];
  if (d.ecc) {
    out.push(
      'decoded  <= ecc_decode(ram_q);',
      'ram_data <= decoded(DATA_WIDTH - 1 downto 0);',
      'ram_sbit <= decoded(DATA_WIDTH);',
      'ram_dbit <= decoded(DATA_WIDTH + 1);',
    );
  } else {
    out.push('ram_data <= ram_q;');
  }
  if (d.fwft) {
    out.push(
      `take    <= ram_valid and ${d.outReg ? '(not out_valid or rd_en)' : 'rd_en'};  -- stage 1 moves on`,
      `fetch   <= '1' when rd_avail /= 0 and (ram_valid = '0' or take = '1') else '0';`,
      `empty_i <= not ${validOut};`,
      `pop     <= rd_en and ${validOut};`,
    );
  } else {
    out.push("empty_i <= '1' when rd_count = 0 else '0';", 'fetch   <= rd_en and not empty_i;', 'pop_ptr <= rd_ptr;');
  }
  out.push(
    'empty <= empty_i;',
    '',
    '-- ram_q is reset too, so dout and the status outputs are defined before the first read',
    ...clocked(
      d,
      R,
      [`ram_q <= ${ZP};`],
      ["if fetch = '1' then", '  ram_q <= mem(to_integer(rd_ptr(ADDR_WIDTH - 1 downto 0)));', 'end if;'],
    ),
    '',
  );
  const reset = [`rd_ptr <= ${ZP};`, "ram_valid <= '0';"];
  const body = ["if fetch = '1' then", `  rd_ptr <= ${next(d, 'rd_ptr')};`, 'end if;'];
  if (d.fwft) {
    reset.push(`pop_ptr <= ${ZP};`);
    body.push(
      "if fetch = '1' then",
      "  ram_valid <= '1';",
      "elsif take = '1' then",
      "  ram_valid <= '0';",
      'end if;',
      "if pop = '1' then",
      `  pop_ptr <= ${next(d, 'pop_ptr')};`,
      'end if;',
    );
  } else {
    body.push('ram_valid <= fetch;');
  }
  if (d.outReg) {
    reset.push(`dout_r <= ${ZP};`, "out_valid <= '0';");
    if (d.ecc) reset.push("sbit_r <= '0';", "dbit_r <= '0';");
    const load = d.fwft ? 'take' : 'ram_valid';
    body.push(`if ${load} = '1' then`, '  dout_r <= ram_data;');
    if (d.ecc) body.push('  sbit_r <= ram_sbit;', '  dbit_r <= ram_dbit;');
    body.push('end if;');
    if (d.fwft)
      body.push(
        "if take = '1' then",
        "  out_valid <= '1';",
        "elsif rd_en = '1' then",
        "  out_valid <= '0';",
        'end if;',
      );
    else body.push('out_valid <= ram_valid;');
  }
  out.push(...clocked(d, R, reset, body));
  out.push('', `valid_i <= ${validOut};`, 'valid   <= valid_i;', `dout    <= ${d.outReg ? 'dout_r' : 'ram_data'};`);
  if (d.ecc)
    out.push(`sbit_err <= ${d.outReg ? 'sbit_r' : 'ram_sbit'};`, `dbit_err <= ${d.outReg ? 'dbit_r' : 'ram_dbit'};`);
  if (d.async) {
    out.push(
      '',
      '-- Gray-coded popped pointer (registered) for the write domain',
      ...clocked(d, R, [`rd_gray <= ${grayReset(d)};`], [`rd_gray <= ${toGray(d, 'pop_ptr')};`]),
      '',
      '-- two-flop synchroniser: write pointer into the read domain',
      ...clocked(
        d,
        R,
        [`wr_gray_s1 <= ${grayReset(d)};`, `wr_gray_s2 <= ${grayReset(d)};`],
        ['wr_gray_s1 <= wr_gray;', 'wr_gray_s2 <= wr_gray_s1;'],
      ),
      `wr_visible <= ${fromGray(d, 'wr_gray_s2')};`,
    );
  } else {
    out.push(`wr_visible <= ${d.packet ? 'commit_ptr' : 'wr_ptr'};`);
  }
  return out;
}

/** The FIFO as a VHDL-93 entity fifo_module (architecture rtl). */
export function generateFifoVhdl(d: FifoDesign): string {
  const ind = (ls: string[]) => ls.map((l) => (l ? `  ${l}` : ''));
  return [
    headerComment('vhdl', headerLines(d)),
    'library ieee;',
    'use ieee.std_logic_1164.all;',
    'use ieee.numeric_std.all;',
    '',
    ...entity(d),
    '',
    `architecture rtl of ${MODULE_NAME} is`,
    ...ind(declarations(d)),
    'begin',
    ...ind(writeSide(d)),
    '',
    ...ind(readSide(d)),
    'end architecture rtl;',
    '',
  ].join('\n');
}
