import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { handleCommand, loadState } from '../shared/command-handler';
import { given } from '../shared/given-when-then';
import type { ActivateLegalDocument } from './active';
import { entryInEffect, legalActiveDecider, scheduledAfter } from './active';
import type { LegalDocumentActivated } from './events';
import { legalActiveStreamId } from './events';

const at = '2026-11-22T10:00:00.000Z';
const past = '2026-11-01T00:00:00.000Z';
const december = '2026-12-01T00:00:00.000Z';
const activate = (documentId: number, effectiveDate = past, when = at): ActivateLegalDocument => ({
  type: 'ActivateLegalDocument',
  documentId,
  documentType: 'privacy_policy',
  effectiveDate,
  activatedBy: 'admin-1',
  at: when,
});
const activated = (documentId: number, previousDocumentId: number | null, effectiveAt = at, when = at): LegalDocumentActivated => ({
  type: 'LegalDocumentActivated',
  data: { documentId, type: 'privacy_policy', previousDocumentId, activatedBy: 'admin-1', at: when, effectiveAt },
});

describe('ActivateLegalDocument', () => {
  it('activates the first document of a type', () => {
    given(legalActiveDecider)
      .when(activate(3))
      .then([activated(3, null)]);
  });

  it('replaces the active document in the same event', () => {
    given(legalActiveDecider, [activated(3, null)])
      .when(activate(5))
      .then([activated(5, 3)]);
  });

  it('does nothing for the document already active', () => {
    given(legalActiveDecider, [activated(3, null), activated(5, 3)])
      .when(activate(5))
      .then([]);
  });

  it('schedules a version whose effective date is to come, naming the one in force until then', () => {
    given(legalActiveDecider, [activated(3, null)])
      .when(activate(5, december))
      .then([activated(5, 3, december)]);
  });

  it('does nothing for a version already scheduled', () => {
    given(legalActiveDecider, [activated(3, null), activated(5, 3, december)])
      .when(activate(5, december))
      .then([]);
  });

  it('activates again a version that was replaced', () => {
    const later = '2026-11-23T10:00:00.000Z';
    given(legalActiveDecider, [activated(3, null), activated(5, 3)])
      .when(activate(3, past, later))
      .then([activated(3, 5, later, later)]);
  });

  it('reads events written before scheduling existed as in force from their activation', () => {
    const legacy = { type: 'LegalDocumentActivated', data: { documentId: 3, type: 'privacy_policy', previousDocumentId: null, activatedBy: 'admin-1', at: past } } as const;
    given(legalActiveDecider, [legacy])
      .when(activate(3))
      .then([]);
  });
});

describe('entryInEffect', () => {
  const timeline = [
    { documentId: 3, effectiveAt: past },
    { documentId: 5, effectiveAt: december },
    { documentId: 6, effectiveAt: at },
  ];

  it('is the latest activation whose time has come', () => {
    expect(entryInEffect(timeline, '2026-10-01T00:00:00.000Z')).toBeNull();
    expect(entryInEffect(timeline, past)?.documentId).toBe(3);
    expect(entryInEffect(timeline, at)?.documentId).toBe(6);
    expect(entryInEffect(timeline, '2026-11-30T23:59:59.999Z')?.documentId).toBe(6);
    expect(entryInEffect(timeline, december)?.documentId).toBe(5);
  });

  it('prefers the later activation at the same moment', () => {
    expect(entryInEffect([...timeline, { documentId: 7, effectiveAt: at }], at)?.documentId).toBe(7);
  });

  it('knows which versions wait for their time', () => {
    expect(scheduledAfter(timeline, 5, at)).toBe(december);
    expect(scheduledAfter(timeline, 5, december)).toBeNull();
    expect(scheduledAfter(timeline, 3, at)).toBeNull();
  });

  it('leaves exactly one active document after 10 concurrent activations of one type', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const stream = legalActiveStreamId('privacy_policy');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        handleCommand(store, stream, legalActiveDecider, activate(i + 1), { maxAttempts: 50, backoff: () => Promise.resolve() }),
      ),
    );
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const events = (await store.readStream(stream)).map((e) => e.data as LegalDocumentActivated['data']);
    expect(events).toHaveLength(10);
    // Each activation replaced the one before it: a single chain, no document active twice.
    events.forEach((data, i) => expect(data.previousDocumentId).toBe(i === 0 ? null : events[i - 1]?.documentId));
    expect(entryInEffect((await loadState(store, stream, legalActiveDecider)).timeline, at)?.documentId).toBe(events.at(-1)?.documentId);
    await store.close();
  });
});
