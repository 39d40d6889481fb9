import { describe, expect, it } from 'vitest';
import { checkBillFile } from './upload-document';

const messages = { type: 'Please upload a JPG, PNG, or PDF file', size: 'File size must be less than 10MB' };
const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('utility bill file check', () => {
  it('accepts JPG, PNG and PDF up to exactly 10 MB', () => {
    expect(checkBillFile(file('bill.pdf', 'application/pdf', 10 * MB), 10 * MB, messages)).toBeNull();
    expect(checkBillFile(file('bill.jpeg', 'image/jpeg', 10), 10 * MB, messages)).toBeNull();
    expect(checkBillFile(file('bill.png', 'image/png', 10), 10 * MB, messages)).toBeNull();
  });

  it("refuses other types with the spec's message", () => {
    expect(checkBillFile(file('bill.gif', 'image/gif', 10), 10 * MB, messages)).toBe(messages.type);
    expect(checkBillFile(file('bill.docx', '', 10), 10 * MB, messages)).toBe(messages.type);
  });

  it("refuses files over 10 MB with the spec's message", () => {
    expect(checkBillFile(file('bill.pdf', 'application/pdf', 10 * MB + 1), 10 * MB, messages)).toBe(messages.size);
  });
});
