// Guide blocks, wrapped the way the reference's are (a Sätteri hast plugin, run by
// Astro's Markdown processor):
// - a table in a region a keyboard can focus and scroll (axe-core's
//   scrollable-region-focusable), named after its section, because a wide table
//   scrolls sideways in its own box rather than break words mid-word;
// - a code block in a .code-block with a Copy button, hidden until the page
//   script (layouts/Base.astro) finds a clipboard.
import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';

type HastPlugin = NonNullable<SatteriProcessorOptions['hastPlugins']>[number];

export function guideBlocks(): HastPlugin {
  let section = '';
  let tables = 0;
  let codes = 0;
  return {
    name: 'ira-guide-blocks',
    before() {
      section = '';
      tables = 0;
      codes = 0;
    },
    element: {
      filter: ['h2', 'h3', 'table', 'pre'],
      visit(node, ctx) {
        if (node.tagName === 'pre') {
          codes += 1;
          const id = `code-${codes}`;
          ctx.setProperty(node, 'id', id);
          const properties = {
            type: 'button',
            className: ['copy', 'secondary'],
            dataCopyTarget: `#${id}`,
            ariaLabel: 'Copy this code',
            hidden: true,
          };
          const copy = {
            type: 'element' as const,
            tagName: 'button',
            properties,
            children: [{ type: 'text' as const, value: 'Copy' }],
          };
          ctx.wrapNode(node, {
            type: 'element',
            tagName: 'div',
            properties: { className: ['code-block'] },
            children: [copy],
          });
          return;
        }
        if (node.tagName !== 'table') {
          section = ctx.textContent(node).trim();
          return;
        }
        tables += 1;
        const ariaLabel = section === '' ? `Table ${tables}` : `Table ${tables}: ${section}`;
        ctx.wrapNode(node, {
          type: 'element',
          tagName: 'div',
          properties: { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel },
          children: [],
        });
      },
    },
  };
}
