export type Block = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

const BULLET = /^\s*[-*•]\s+/;
const MARKDOWN_HEADING = /^#{1,6}\s+/;

/**
 * Administrators write documents as plain text. Blank lines separate blocks;
 * a block of "- " lines is a list; a "# " line, or a short line on its own that
 * does not end a sentence ("1. Introduction"), is a section heading. Rendered
 * as text nodes only: a document is never injected as HTML.
 */
export function splitIntoBlocks(content: string): Block[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\n+/, '').trimEnd())
    .filter((block) => block.trim() !== '')
    .map((block): Block => {
      const lines = block.split('\n');
      if (lines.every((line) => BULLET.test(line))) return { kind: 'list', items: lines.map((line) => line.replace(BULLET, '')) };
      const single = lines.length === 1 ? lines[0]!.trim() : null;
      if (single !== null && MARKDOWN_HEADING.test(single)) return { kind: 'heading', text: single.replace(MARKDOWN_HEADING, '') };
      if (single !== null && single.length <= 80 && !/[.:;,!?]$/.test(single)) return { kind: 'heading', text: single };
      return { kind: 'paragraph', text: block };
    });
}
