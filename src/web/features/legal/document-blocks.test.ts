import { describe, expect, it } from 'vitest';
import { splitIntoBlocks } from './document-blocks';

describe('splitIntoBlocks', () => {
  it('reads headings, lists and paragraphs from plain text', () => {
    const content = '1. Introduction\n\nWelcome to BidHome.\nThese terms apply.\r\n\r\n- Be honest\n- Be kind\n\n# Contact';
    expect(splitIntoBlocks(content)).toEqual([
      { kind: 'heading', text: '1. Introduction' },
      { kind: 'paragraph', text: 'Welcome to BidHome.\nThese terms apply.' },
      { kind: 'list', items: ['Be honest', 'Be kind'] },
      { kind: 'heading', text: 'Contact' },
    ]);
  });

  it('keeps markup as text', () => {
    expect(splitIntoBlocks('<script>alert(1)</script> is shown, not run.')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script> is shown, not run.' },
    ]);
  });
});
