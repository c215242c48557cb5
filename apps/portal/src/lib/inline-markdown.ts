// The small Markdown subset the OpenAPI descriptions use (`code`, **bold**,
// blank-line paragraphs), rendered to HTML with everything else escaped.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

export function inlineMarkdown(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

export function paragraphs(text: string): string[] {
  return text.split(/\n{2,}/).map((paragraph) => inlineMarkdown(paragraph.trim()));
}
