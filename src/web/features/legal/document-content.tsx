import type { ReactNode } from 'react';
import { splitIntoBlocks } from './document-blocks';

export function DocumentContent({ content }: { content: string }): ReactNode {
  return (
    <div className="flex flex-col gap-4 text-base leading-7 text-foreground">
      {splitIntoBlocks(content).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <h2 key={index} className="mt-4 text-lg font-semibold tracking-tight first:mt-0">
                {block.text}
              </h2>
            );
          case 'list':
            return (
              <ul key={index} className="ml-5 list-disc space-y-1.5 marker:text-muted-foreground">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
          case 'paragraph':
            // Single line breaks inside a paragraph are kept (addresses, numbered clauses).
            return (
              <p key={index} className="whitespace-pre-line text-pretty">
                {block.text}
              </p>
            );
          default:
            return assertNever(block);
        }
      })}
    </div>
  );
}

function assertNever(value: never): never {
  throw new Error(`Unknown block: ${JSON.stringify(value)}`);
}
