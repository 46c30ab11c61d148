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

export const pageTsx = ({ component, store }) => `import { CopyButton } from '../../components/CopyButton';
import { ToolPage } from '../../components/ToolPage';
import { trackToolUsage } from '../../telemetry';
import { transform } from './logic';
import { ${store} } from './store';
import { tool } from './tool';

export default function ${component}() {
  const { input, setInput } = ${store}();
  const output = transform(input);
  return (
    <ToolPage tool={tool}>
      <section className="panel grid-2">
        <label className="field">
          Input
          <textarea className="code" value={input} onChange={(e) => setInput(e.currentTarget.value)} />
        </label>
        <label className="field">
          Output
          <textarea className="code" value={output} readOnly />
        </label>
      </section>
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
}) => `/** ${title} page state (zustand): the user's input; results are derived. */
import { create } from 'zustand';

interface State {
  input: string;
  setInput(input: string): void;
}

export const ${store} = create<State>()((set) => ({
  input: '',
  setInput: (input) => set({ input }),
}));
`;

export const logicTs = ({ title }) => `/** ${title} logic: pure functions (no React, no DOM), see logic.test.ts. */

export function transform(input: string): string {
  return input.trim();
}
`;

export const logicTestTs = ({ title }) => `import { describe, expect, it } from 'vitest';
import { transform } from './logic';

describe('${title} logic', () => {
  it('trims the input', () => {
    expect(transform('  text \\n')).toBe('text');
  });
});
`;

export const e2eTestTs = ({
  name,
  title,
}) => `// ${title} in Chromium against the built app (the e2e project's shared server and browser).
import { expect, it } from 'vitest';
import { tool } from '../../src/tools/${name}/tool';
import { openPage } from '../helpers/browser';
import { useSharedApp } from '../helpers/e2e';
import { describeWith } from '../helpers/system';

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
});
`;

export const docsMd = ({ name, title }) => `# ${title} (\`/${name}\`)

TODO: what the tool does beyond the spec, its limits, and what was measured.

## Files

| File | Role |
| --- | --- |
| \`src/tools/${name}/tool.ts\` | declaration: path, title, description, sidebar group, keywords, analytics name, icon |
| \`src/tools/${name}/Page.tsx\` | the page (view) |
| \`src/tools/${name}/store.ts\` | UI state (zustand) |
| \`src/tools/${name}/logic.ts\` | pure logic, tested in \`logic.test.ts\` |
| \`tests/e2e/${name}.e2e.test.ts\` | the page in Chromium |

## Tests

| Command | What it checks |
| --- | --- |
| \`npx vitest run src/tools/${name}/logic.test.ts\` | the pure logic |
| \`npm run build && npx vitest run tests/e2e/${name}.e2e.test.ts\` | the page in Chromium |
`;
