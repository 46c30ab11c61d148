/**
 * The bitsmith command: BitSmith's generators and converters outside the browser, on the same core
 * modules and WASM kernels as the pages and the server. Each command's module is imported when the
 * command runs, so `bitsmith --version` loads no WASM and no converter.
 * Exit status: 0 done, 1 bad input (one line on stderr), 2 usage error (commander's message).
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { BadInput, UsageError } from './io';
import { writeOutput } from './sync-io';
import { version } from '../package.json';

const program = new Command('bitsmith')
  .description(
    "BitSmith's CRC, UART, FIFO and FSM generators, its Base64, JSON, YAML and CSV converters and its subnet calculator on the command line.",
  )
  .version(version, '-V, --version')
  .exitOverride()
  // Help and the version go out as every output does: synchronously, and quietly when the reader has
  // gone (| head); commander's own write to process.stdout ended in an EPIPE stack trace.
  .configureOutput({ writeOut: (text) => writeOutput(text, undefined) })
  .addHelpText(
    'after',
    '\nExamples:\n  bitsmith crc generate --algorithm CRC-32/ISO-HDLC --data-width 64 -o crc.v\n  bitsmith crc check file.bin\n  bitsmith base64 encode photo.png -o photo.b64\n  bitsmith json format --indent 2 data.json',
  );

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}`;
/**
 * The value of an option that takes a whole number: decimal digits only (no 0x10, 1e1, -1 or blank);
 * anything else is commander's usage error (exit 2). The command checks the range (exit 1, the page's sentence).
 */
function wholeNumber(text: string): number {
  if (!/^\d+$/.test(text)) throw new InvalidArgumentError('It must be a whole number (decimal digits).');
  return Number(text);
}

/** -o's value: blank (`-o "$UNSET"`) is a usage error, not stdout (or, for a directory, the current one). */
function outputPath(text: string): string {
  if (text.trim() === '') throw new InvalidArgumentError('It must be a path (or - for stdout).');
  return text;
}

const language = () =>
  new Option('--language <language>', 'output language').choices(['verilog', 'vhdl']).default('verilog');

// ---- crc --------------------------------------------------------------------------------------

const crc = program
  .command('crc')
  .description('CRC: generate Verilog/VHDL or software, list the catalogue, checksum files, identify an unknown CRC')
  .addHelpText(
    'after',
    examples(
      'bitsmith crc generate --algorithm CRC-32/ISO-HDLC --data-width 64 -o crc.v',
      'bitsmith crc list',
      'bitsmith crc check --algorithm CRC-32C file.bin',
      'bitsmith crc identify 010300000001:0a84 010300010001:cad5 0103006b0003:1774',
    ),
  );

crc
  .command('generate')
  .description(
    'generate a parallel CRC module (Verilog) or entity (VHDL), as the CRC page and POST /api/generate do, or software that matches it (C, Rust, Python, TypeScript)',
  )
  .option('--algorithm <name>', 'a catalogue name or alias (bitsmith crc list)')
  .option('--poly <hex>', 'the polynomial without its x^width term, e.g. 0x04c11db7 (with --width)')
  .option('--width <bits>', 'the CRC width, 1..67 (with --poly)', wholeNumber)
  .option('--init <hex>', 'initial register value (with --poly)', undefined)
  .option('--xorout <hex>', 'final XOR value (with --poly)', undefined)
  .option('--refin', 'reflect input bytes (with --poly)')
  .option('--refout', 'reflect the result (with --poly)')
  .option('--data-width <bits>', 'bits consumed per clock, 1..1024', wholeNumber, 8)
  .addOption(
    new Option('--language <language>', 'output language (C writes NAME.h and NAME.c: -o names a directory)')
      .choices(['verilog', 'vhdl', 'c', 'rust', 'python', 'typescript'])
      .default('verilog'),
  )
  .option('--partial-last-word', 'a byte-enable input for a last word that is not full (data width a multiple of 8)')
  .option('--pipeline-stages <n>', 'register stages in the XOR trees, 0..3', wholeNumber)
  .option('--testbench', 'also write the self-checking testbench (beside -o FILE, or after the design on stdout)')
  .option(
    '-o, --output <file>',
    'write the design to FILE (a directory: its own name inside it); default stdout',
    outputPath,
  )
  .addHelpText(
    'after',
    examples(
      'bitsmith crc generate --algorithm CRC-32/ISO-HDLC --data-width 64 --language verilog -o crc.v',
      'bitsmith crc generate --poly 0x04c11db7 --width 32 --init 0xffffffff --xorout 0xffffffff --refin --refout',
      'bitsmith crc generate --algorithm CRC-16/ARC --data-width 32 --partial-last-word --pipeline-stages 2 --testbench -o out/',
      'bitsmith crc generate --algorithm CRC-32C --language c -o src/',
    ),
  )
  .action(async (o, cmd: Command) => {
    // --data-width has a default: a software language refuses it only when the user gave it.
    const dataWidthGiven = cmd.getOptionValueSource('dataWidth') === 'cli';
    await (await import('./crc')).crcGenerate({ ...o, dataWidthGiven });
  });

crc
  .command('list')
  .description('the catalogue of predefined algorithms (names, aliases, parameters, check values)')
  .option('--json', 'the JSON GET /api/predefined answers')
  .option('-o, --output <file>', 'output file; default stdout', outputPath)
  .addHelpText('after', examples('bitsmith crc list', 'bitsmith crc list --json -o catalogue.json'))
  .action(async (o: { json?: boolean; output?: string }) => {
    const [{ crcList }, { writeOutput }] = await Promise.all([import('./crc'), import('./sync-io')]);
    writeOutput(crcList(!!o.json), o.output);
  });

crc
  .command('check')
  .description('the CRC of files or stdin, printed like sha256sum ("value  name"); --check reads such lines back')
  .argument('[files...]', 'files, or - for stdin (the default)')
  .option('--algorithm <name>', 'any catalogue algorithm', 'CRC-32/ISO-HDLC')
  .option('-c, --check', 'read "value  name" lines from the files and check each named file')
  .option('-o, --output <file>', 'output file; default stdout', outputPath)
  .addHelpText(
    'after',
    examples(
      'bitsmith crc check image.bin',
      'bitsmith crc check --algorithm CRC-32C *.bin > sums.txt',
      'bitsmith crc check --algorithm CRC-32C --check sums.txt',
      'cat image.bin | bitsmith crc check -',
    ),
  )
  .action(async (files: string[], o) => {
    await (await import('./crc-check')).crcCheck(files, o);
  });

crc
  .command('identify')
  .description(
    "find the parameters of an unknown CRC from samples, as the CRC page's Identify tab does (the RevEng method: GCD of sample differences, then linear algebra)",
  )
  .argument(
    '<samples...>',
    'MESSAGE:CRC in hex (two or more), or codewords with --codeword; - reads them from stdin, one a line',
  )
  .option('--codeword', 'each sample is a codeword with its CRC appended (width and byte order are searched)')
  .option('--ascii', 'messages are text (UTF-8), not hex')
  .option('--files', 'messages are file paths (PATH:CRC, or PATH with --codeword)')
  .option(
    '--bits',
    'messages (or codewords) are bit strings in the order sent, any length (0 and 1, _ allowed); a CRC may be 0b and its bits as sent',
  )
  .option('--width <bits>', 'the CRC width, 1..64, when known', wholeNumber)
  .option('--poly <hex>', 'the polynomial without its x^width term, when known (with --width)')
  .option('--init <hex>', 'the initial register value, when known')
  .option('--xorout <hex>', 'the final XOR value, when known')
  .addOption(new Option('--refin <yes|no>', 'input bytes reflected, when known').choices(['yes', 'no']))
  .addOption(new Option('--refout <yes|no>', 'output reflected, when known').choices(['yes', 'no']))
  .addOption(new Option('--byte-order <order>', 'codeword CRC byte order, when known').choices(['big', 'little']))
  .option('--json', 'the report as JSON (the shape POST /api/crc/identify answers)')
  .option('-o, --output <file>', 'output file; default stdout', outputPath)
  .addHelpText(
    'after',
    examples(
      'bitsmith crc identify 010300000001:0a84 010300010001:cad5 0103006b0003:1774 0110000100020400:c60e',
      'bitsmith crc identify --codeword 010300000001840a 010300010001d5ca 0103006b00037417 01100001000204000ec6',
      'bitsmith crc identify --files --width 32 --json frame1.bin:1c291ca3 frame2.bin:7e0c3a51 frame3.bin:0b8d2e6f',
      'bitsmith crc identify - < samples.txt',
      'bitsmith crc identify --bits 0_00100000000_0_0_0_0000:0b011100000001010 0_00100000001_0_0_0_0001_01010101:0b011000001010100 0_00100000010_0_0_0_0001_10101010:0b111100011011111 0_00010100000_0_0_0_0010_00010010_00110100:0b000110100111101 0_00010100001_0_0_0_0010_00000000_11111111:0b101011100010000',
    ),
  )
  .action(async (samples: string[], o) => {
    await (await import('./crc-identify')).crcIdentify(samples, o);
  });

// ---- uart, fifo, fsm --------------------------------------------------------------------------

const GENERATORS = {
  uart: 'a UART (transmitter, receiver, FIFOs)',
  fifo: 'a synchronous or asynchronous FIFO',
  fsm: 'a finite state machine',
} as const;

for (const [gen, what] of Object.entries(GENERATORS) as [keyof typeof GENERATORS, string][]) {
  program
    .command(gen)
    .description(`the ${gen.toUpperCase()} generator`)
    .addHelpText('after', examples(`bitsmith ${gen} generate --config ${gen}.json --language vhdl -o rtl/`))
    .command('generate')
    .description(`generate ${what} in Verilog or VHDL from the configuration the ${gen.toUpperCase()} page keeps`)
    // Required, checked by the action: a setting given as an option (--baud-rate) is named there first.
    .option(
      '--config <file>',
      `the configuration as JSON or YAML (- for stdin), or the ${gen.toUpperCase()} page's link (Copy link)`,
    )
    .addOption(language())
    .option('--testbench', 'also write the self-checking testbench')
    .option(
      '-o, --output <dir>',
      'write the files into DIR under their own names, or the design to a FILE.v or FILE.vhd (the testbench beside it); default stdout',
      outputPath,
    )
    .addHelpText(
      'after',
      examples(
        `bitsmith ${gen} generate --config ${gen}.json --language vhdl -o rtl/`,
        `bitsmith ${gen} generate --config ${gen}.yaml --testbench -o rtl/`,
        `bitsmith ${gen} generate --config 'https://bitsmith.example/${gen}-generator?...' -o rtl/`,
      ),
    )
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (o, cmd: Command) => {
      // A page's link holds its language: used unless --language is given.
      const languageGiven = cmd.getOptionValueSource('language') === 'cli';
      await (await import('./hdl')).hdlGenerate(gen, { ...o, languageGiven, unknown: cmd.args });
    });
}

// ---- base64 -----------------------------------------------------------------------------------

const b64 = program
  .command('base64')
  .description('Base64 encode and decode, streamed (any size)')
  .addHelpText(
    'after',
    examples('bitsmith base64 encode photo.png -o photo.b64', 'bitsmith base64 decode photo.b64 -o photo.png'),
  );
for (const mode of ['encode', 'decode'] as const) {
  const cmd = b64
    .command(mode)
    .description(
      mode === 'encode'
        ? 'bytes to Base64 text (one line without --wrap or --mime, as on the page)'
        : 'Base64 text to bytes (whitespace and line breaks ignored, padding checked)',
    )
    .argument('[file]', 'input file, or - for stdin', '-')
    .option('--url-safe', "the URL-safe alphabet (- and _; no padding when encoding), as the page's option");
  if (mode === 'encode')
    cmd
      .option('--padding', 'end with = padding (the default, except with --url-safe)')
      .option('--no-padding', 'leave the = padding out')
      .option('-w, --wrap <cols>', 'break lines after COLS characters (0: one line, the default)', wholeNumber)
      .option('--mime', 'MIME (RFC 2045): lines of 76 characters ended by CRLF');
  else cmd.option('--no-padding', 'accept input whose = padding was left out');
  cmd
    .option('-o, --output <file>', 'output file; default stdout', outputPath)
    .addHelpText(
      'after',
      mode === 'encode'
        ? examples(
            'bitsmith base64 encode photo.png -o photo.b64',
            'printf hi | bitsmith base64 encode -',
            'bitsmith base64 encode --wrap 76 file        # as GNU base64',
            'bitsmith base64 encode --url-safe --padding token.bin',
            'bitsmith base64 encode --mime attachment.pdf',
          )
        : examples(
            'bitsmith base64 decode photo.b64 -o photo.png',
            'bitsmith base64 decode --url-safe token.txt',
            'bitsmith base64 decode --no-padding unpadded.txt',
          ),
    )
    .action(async (file: string, o) => (await import('./base64')).base64(mode, file, o));
}

// ---- json -------------------------------------------------------------------------------------

const jsonCmd = program
  .command('json')
  .description('JSON format, minify and validate (numbers kept exactly)')
  .addHelpText(
    'after',
    examples('bitsmith json format --indent 2 data.json', 'bitsmith json minify data.json', 'bitsmith json validate -'),
  );
for (const mode of ['format', 'minify', 'validate'] as const) {
  const cmd = jsonCmd
    .command(mode)
    .description(
      {
        format: 'indent JSON (streamed; every number and string kept as written)',
        minify: 'JSON on one line (streamed)',
        validate: 'check JSON: prints the valid mark, or the first error with its line and column and exits 1',
      }[mode],
    )
    .argument('[file]', 'input file, or - for stdin', '-');
  if (mode === 'format')
    cmd.addOption(new Option('--indent <n>', 'indentation').choices(['2', '4', 'tab']).default('2'));
  cmd.option('--sort-keys', 'sort object keys (reads the whole document, as the page does)');
  cmd.option(
    '-o, --output <file>',
    mode === 'validate' ? 'write the verdict to FILE; default stdout' : 'output file; default stdout',
    outputPath,
  );
  cmd
    .addHelpText(
      'after',
      examples(`bitsmith json ${mode} data.json`, `curl -s https://example.com/api | bitsmith json ${mode} -`),
    )
    .action(async (file: string, o) => (await import('./json')).json(mode, file, o));
}

// ---- yaml, csv --------------------------------------------------------------------------------

const yamlCmd = program
  .command('yaml')
  .description('JSON and YAML conversion, as the JSON and YAML Converter page')
  .addHelpText(
    'after',
    examples('bitsmith yaml to-json config.yaml', 'bitsmith yaml from-json data.json -o data.yaml'),
  );
for (const [name, what] of [
  ['to-json', 'YAML to JSON (several documents become an array)'],
  ['from-json', 'JSON to YAML'],
] as const) {
  yamlCmd
    .command(name)
    .description(what)
    .argument('[file]', 'input file, or - for stdin', '-')
    .addOption(new Option('--indent <n>', 'indentation').choices(['2', '4']).default('2'))
    .option('--sort-keys', 'sort object keys')
    .option('-o, --output <file>', 'output file; default stdout', outputPath)
    .addHelpText(
      'after',
      name === 'to-json'
        ? examples(
            'bitsmith yaml to-json config.yaml -o config.json',
            'cat ci.yml | bitsmith yaml to-json --indent 4 -',
          )
        : examples('bitsmith yaml from-json data.json -o data.yaml', 'bitsmith yaml from-json --sort-keys -'),
    )
    .action(async (file: string, o) => (await import('./data')).convertData(`yaml ${name}`, file, o));
}

const csvCmd = program
  .command('csv')
  .description('CSV and JSON conversion, as the CSV and JSON Converter page')
  .addHelpText(
    'after',
    examples('bitsmith csv to-json people.csv', 'bitsmith csv from-json people.json -o people.csv'),
  );
const delimiter = () => new Option('-d, --delimiter <d>', 'comma, semicolon, tab or pipe (or , ; |)').default('comma');
csvCmd
  .command('to-json')
  .description('CSV to a JSON array of objects (keys from the header row, or column_1, column_2, ... with --no-header)')
  .argument('[file]', 'input file, or - for stdin', '-')
  .addOption(delimiter())
  .option('--no-header', 'the first row is data, not headers')
  .option('--no-detect-types', 'keep every cell as text (no numbers, booleans or null)')
  .option('-o, --output <file>', 'output file; default stdout', outputPath)
  .addHelpText(
    'after',
    examples(
      'bitsmith csv to-json people.csv -o people.json',
      'bitsmith csv to-json --delimiter semicolon --no-header -',
    ),
  )
  .action(async (file: string, o) => (await import('./data')).convertData('csv to-json', file, o));
csvCmd
  .command('from-json')
  .description('a JSON array of objects to CSV (one column per key)')
  .argument('[file]', 'input file, or - for stdin', '-')
  .addOption(delimiter())
  .option('--no-header', 'the rows alone, without the header row of keys')
  .option('--neutralise-formulas', 'prefix cells starting with =, +, -, @ with an apostrophe (CSV injection)')
  .option('-o, --output <file>', 'output file; default stdout', outputPath)
  .addHelpText(
    'after',
    examples(
      'bitsmith csv from-json people.json -o people.csv',
      'bitsmith csv from-json --neutralise-formulas --delimiter tab export.json',
    ),
  )
  .action(async (file: string, o) => (await import('./data')).convertData('csv from-json', file, o));

// ---- subnet -----------------------------------------------------------------------------------

program
  .command('subnet')
  .description("the IP Subnet Calculator (IPv4 and IPv6): the page's results, or every subnet of a split")
  .argument(
    '<address>',
    'ADDRESS/PREFIX (IPv4 also ADDRESS/MASK, or ADDRESS MASK), e.g. 10.0.0.0/8 or 2001:db8::/48; - reads it from stdin',
  )
  .argument(
    '[mask]',
    'the MASK as an argument of its own, as ipcalc takes it: IPv4 dotted or a bit count (10.1.2.3 255.255.0.0, 10.1.2.3 16), IPv6 a prefix length (2001:db8::1 64)',
  )
  .option('--json', 'the results as JSON')
  .option(
    '--split <prefix>',
    "stream every subnet at this longer prefix, one per line (the page's export)",
    // A prefix is often written /24.
    (text) => wholeNumber(text.replace(/^\//, '')),
  )
  .option('--hosts', 'stream every host address of an IPv4 network, one per line')
  .option('--csv', "with --split or --hosts: the page's CSV export (header and numbered rows)")
  .option('-o, --output <file>', 'output file; default stdout', outputPath)
  .addHelpText(
    'after',
    examples(
      'bitsmith subnet 192.168.1.10/24',
      'bitsmith subnet 10.1.2.3 255.255.0.0 --json',
      'bitsmith subnet 2001:db8::1/48',
      'bitsmith subnet 10.0.0.0/8 --split 24 --csv -o subnets.csv',
      'bitsmith subnet 10.0.0.0/8 --split 32 | wc -l',
      'bitsmith subnet 2001:db8::/48 --split 64 | head',
    ),
  )
  .action(async (address: string, mask: string | undefined, o) => {
    if (mask !== undefined && address === '-')
      throw new UsageError('- reads ADDRESS MASK from stdin: give no MASK argument beside it');
    await (await import('./subnet')).subnet(mask === undefined ? address : `${address} ${mask}`, o);
  });

// ---- run --------------------------------------------------------------------------------------

// The commands write stdout with writeSync (cli/sync-io.ts), which ends quietly when a reader stops
// early (| head). process.stdout is left alone: touching it makes a pipe on fd 1 non-blocking, and a
// full pipe then costs a wait per 64 KiB (1 GiB through base64 encode | decode: 25 s instead of 4).

/**
 * `help crc generate` as git's `git help <cmd> <sub>`: commander's help command reads only the first
 * name (it showed crc's help). It becomes `crc help generate`, whose help command shows generate's; a
 * name a group does not have stays with that group's help command (its help, exit 1).
 */
function nestedHelp(argv: string[]): string[] {
  const [help, ...names] = argv.slice(2);
  if (help !== 'help' || names.length < 2) return argv;
  let cmd = program;
  let i = 0;
  for (; i < names.length - 1; i++) {
    const sub = cmd.commands.find((c) => c.name() === names[i] || c.aliases().includes(names[i]!));
    if (!sub || sub.commands.length === 0) break;
    cmd = sub;
  }
  return [...argv.slice(0, 2), ...names.slice(0, i), 'help', ...names.slice(i)];
}

/**
 * `gradient --help`, `base64 encdoe --help`: commander prints the help of the command above a name
 * it does not have, exit 0, as if the name were listed (`help gradient` is a usage error). The help
 * flag is dropped there, so the usage error names the command (with commander's suggestion).
 */
function unknownCommandHelp(argv: string[]): string[] {
  let cmd = program;
  for (const word of argv.slice(2)) {
    if (word.startsWith('-') || cmd.commands.length === 0) return argv;
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) return word === 'help' ? argv : argv.filter((a) => a !== '--help' && a !== '-h');
    cmd = sub;
  }
  return argv;
}

try {
  await program.parseAsync(unknownCommandHelp(nestedHelp(process.argv)));
} catch (e) {
  if (e instanceof CommanderError) {
    // --help and --version end here too, with exit code 0; commander has printed its message.
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof UsageError) {
    process.stderr.write(`error: ${e.message}\n`);
    process.exitCode = 2;
  } else {
    const message = e instanceof BadInput ? e.message : `${(e as Error).message ?? String(e)}`;
    // One line: a control character the message quotes (a newline in bad JSON) is written escaped,
    // as JSON escapes it; the rest as the page shows it (a backslash stays one backslash).
    const oneLine = [...message].map((c) => (c < ' ' ? JSON.stringify(c).slice(1, -1) : c)).join('');
    process.stderr.write(`bitsmith: ${oneLine}\n`);
    process.exitCode = 1;
  }
}
