// Guide tables, wrapped the way the reference's are: in a region a keyboard can
// focus and scroll (axe-core's scrollable-region-focusable), named after its
// section, because a wide table scrolls sideways in its own box rather than
// break words mid-word. A Sätteri hast plugin (Astro's Markdown processor).
import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';

type HastPlugin = NonNullable<SatteriProcessorOptions['hastPlugins']>[number];

export function guideBlocks(): HastPlugin {
  let section = '';
  let tables = 0;
  return {
    name: 'ira-guide-blocks',
    before() {
      section = '';
      tables = 0;
    },
    element: {
      filter: ['h2', 'h3', 'table'],
      visit(node, ctx) {
        if (node.tagName !== 'table') {
          section = ctx.textContent(node).trim();
          return;
        }
        tables += 1;
        const ariaLabel = section === '' ? `Table ${tables}` : `Table ${tables}: ${section}`;
        ctx.wrapNode(node, { type: 'element', tagName: 'div', properties: { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel }, children: [] });
      },
    },
  };
}
