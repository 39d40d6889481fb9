import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../event-store/port';
import { createMemoryLogger } from '../../http/platform/logger';
import type { PositionedPush, Push } from '../projection';
import { createPushHandOff } from './pushes';

const event = (position: number) => ({ id: `e${position}`, type: 'Deposited', position, streamId: 'a', data: {}, recordedAt: '2026-11-28T02:00:00.000Z' }) as unknown as RecordedEvent;
const push: Push = { rooms: ['user:a'], event: 'credits:changed', payload: { credits: 1 } };

describe('the push hand-off', () => {
  it('keeps the log as it was at start quiet, then sends each push with its position', () => {
    const sent: PositionedPush[] = [];
    const pushes = createPushHandOff({ onPush: (p) => sent.push(p), log: createMemoryLogger() });
    pushes.reset();
    pushes.begin(2);
    expect(pushes.quiet(event(2))).toBe(true);
    expect(pushes.quiet(event(3))).toBe(false);
    pushes.deliver(event(3), [push]);
    expect(sent).toEqual([{ ...push, position: 3 }]);
  });

  it('after a switch of generation, replays quietly what it already pushed', () => {
    const pushes = createPushHandOff({ log: createMemoryLogger() });
    pushes.reset();
    pushes.begin(undefined);
    expect(pushes.quiet(event(1))).toBe(false);
    pushes.deliver(event(1), []);
    pushes.deliver(event(2), []);
    pushes.begin(10);
    expect(pushes.quiet(event(2))).toBe(true);
    expect(pushes.quiet(event(3))).toBe(false);
  });

  it('logs a push that throws and goes on with the next', () => {
    const log = createMemoryLogger();
    const sent: PositionedPush[] = [];
    const pushes = createPushHandOff({
      onPush: (p) => {
        if (sent.length === 0) {
          sent.push(p);
          throw new Error('socket gone');
        }
        sent.push(p);
      },
      log,
    });
    pushes.deliver(event(4), [push, push]);
    expect(sent).toHaveLength(2);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'push failed', position: 4 }));
  });
});
