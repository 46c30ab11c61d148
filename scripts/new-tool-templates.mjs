// The files `npm run new-tool` writes for a tool. Each template takes the names worked out by
// scripts/new-tool.mjs: { name, title, ident, component, store, group, place }.

export const toolTs = ({ name, title, group, place }) => `import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: '${name}',
  path: '/${name}',
  title: '${title}',
  // Shown under the title on the page.
  description: 'TODO: say in one sentence what ${title} does.',
  // Sidebar group(s) and the place in each (1 = first): see src/app/groups.ts.
  groups: ${group ? `{ ${group}: ${place} }` : '{}'},
  // Words people type when they look for this tool: synonyms, abbreviations, formats.
  keywords: [${name
    .split('-')
    .map((w) => `'${w}'`)
    .join(', ')}],
  // Sent as tool_name with every analytics event of this tool: never rename it once released.
  analyticsName: '${title}',
  icon: 'tools',
});
`;

export const pageTsx = ({ component, store, ident }) => `import { CopyButton } from '../../components/CopyButton';
import { ToolPage } from '../../components/ToolPage';
import { usePermalink } from '../../browser/permalink';
import { trackToolUsage } from '../../telemetry';
import { transform } from './logic';
import { ${ident}Link, ${store} } from './store';
import { tool } from './tool';

export default function ${component}() {
  const { input, trim, set } = ${store}();
  // "Copy link" in the page header shares these options; the input stays on this device.
  usePermalink(${store}, ${ident}Link);
  const output = transform(input, { trim });
  return (
    <ToolPage tool={tool}>
      <section className="panel grid-2">
        <label className="field">
          Input
          <textarea className="code" value={input} onChange={(e) => set({ input: e.currentTarget.value })} />
        </label>
        <label className="field">
          Output
          <textarea className="code" value={output} readOnly />
        </label>
      </section>
      <label className="checkbox">
        <input type="checkbox" checked={trim} onChange={(e) => set({ trim: e.currentTarget.checked })} />
        Trim
      </label>
      <CopyButton
        text={output}
        disabled={!output}
        onCopied={() => trackToolUsage(tool.analyticsName, 'copy_to_clipboard')}
      />
    </ToolPage>
  );
}
`;

export const storeTs = ({
  store,
  title,
  ident,
}) => `/** ${title} page state (zustand): the user's input and options; results are derived. */
import { create } from 'zustand';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';

interface State {
  input: string;
  trim: boolean;
  set(patch: Partial<Pick<State, 'input' | 'trim'>>): void;
}

const DEFAULTS = { input: '', trim: true };

export const ${store} = create<State>()((set) => ({
  ...DEFAULTS,
  set: (patch) => set(patch),
}));

// The input and options survive leaving the page and a reload ("Start fresh" clears them).
keepDraft(${store}, tool.path, ({ input, trim }) => ({ input, trim }));

type Settings = Pick<State, 'trim'>;

/** The options are in the link; the input never is (it may be private). */
export const ${ident}Link: PermalinkSpec<State, Settings> = {
  pick: ({ trim }) => ({ trim }),
  apply: (settings) => ${store}.getState().set(settings),
  defaults: { trim: DEFAULTS.trim },
};
`;

export const logicTs = ({ title }) => `/** ${title} logic: pure functions (no React, no DOM), see logic.test.ts. */

export interface Options {
  trim: boolean;
}

export function transform(input: string, { trim }: Options): string {
  return trim ? input.trim() : input;
}
`;

export const logicTestTs = ({ title }) => `import { describe, expect, it } from 'vitest';
import { transform } from './logic';

describe('${title} logic', () => {
  it('trims the input when asked', () => {
    expect(transform('  text \\n', { trim: true })).toBe('text');
    expect(transform('  text \\n', { trim: false })).toBe('  text \\n');
  });
});
`;

export const e2eTestTs = ({
  name,
  title,
}) => `// ${title} in Chromium against the built app (the e2e project's shared server and browser).
import { expect, it } from 'vitest';
import { tool } from '../../src/tools/${name}/tool';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';

describeWith(['chromium'], \`\${tool.title} page\`, () => {
  const app = useSharedApp();

  it('opens at its route with its title and description', async () => {
    const { page, errors } = await openPage(app.browser);
    await page.goto(app.url + tool.path);
    await page.getByRole('heading', { name: tool.title, level: 1 }).waitFor();
    expect(await page.locator('main .tool-description').textContent()).toBe(tool.description);
    expect(await page.title()).toBe(\`\${tool.title} · BitSmith\`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the input as a draft after a reload, and the options (never the input) in the link', async () => {
    const { page } = await openPage(app.browser);
    await page.goto(app.url + tool.path);
    await page.getByLabel('Input').fill('  kept  ');
    await page.getByLabel('Trim').uncheck();
    await expect.poll(() => new URL(page.url()).searchParams.get('trim')).toBe('false');
    expect(page.url()).not.toContain('kept');
    await page.reload();
    expect(await page.getByLabel('Input').inputValue()).toBe('  kept  ');
    expect(await page.getByLabel('Trim').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Start fresh' }).click();
    await expect.poll(() => page.getByLabel('Input').inputValue()).toBe('');
    await page.context().close();
  });
});
`;

export const docsMd = ({ name, title }) => `# ${title} (\`/${name}\`)

TODO: one paragraph: what the tool does, for whom.

## What it does

TODO: the spec's behaviour in brief, then what it does beyond the spec.

## How it is built

| File | Role |
| --- | --- |
| \`src/tools/${name}/tool.ts\` | declaration: path, title, description, sidebar group, keywords, analytics name, icon |
| \`src/tools/${name}/Page.tsx\` | the page (view) |
| \`src/tools/${name}/store.ts\` | UI state (zustand), its draft and its permalink |
| \`src/tools/${name}/logic.ts\` | pure logic, tested in \`logic.test.ts\` |
| \`tests/e2e/${name}.e2e.test.ts\` | the page in Chromium |

## Tests

TODO: what each test file proves, and against which independent reference.

## Benchmarks

TODO: figures with the command that produced them, or "none: nothing here can take long".

## Known limits

TODO: what it does not do, and why.
`;
