/**
 * Where an adapter keeps the changes it asked of its operator (decision 0075): each one is written
 * before the outside call is made ("sending": the outcome is unknown until the operator answers)
 * and updated after it (pending, done or failed, with the operator's reference). A repeat of the
 * same key, in this process or in another one after a restart, finds the record and polls the
 * operator instead of asking again. The server keeps them in a table (modules/iot-carrier); the
 * in-memory store serves the adapters' own tests.
 */
import { type CarrierCard, CarrierError, type CarrierOperation } from './types.ts';

export type OperationKind = 'state' | 'offering' | 'speed';
export type StoredState = 'sending' | 'pending' | 'done' | 'failed';

export interface StoredOperation {
  /** The adapter that asked it (`onelink`, `unicom`, `telecom`). */
  carrier: string;
  opKey: string;
  iccid: string;
  simNo: string;
  kind: OperationKind;
  /** What was asked, in the adapter's words (the action, the offering code…). */
  request: Record<string, string | null>;
  state: StoredState;
  /** The operator's reference (order or transaction number), once it gave one. */
  ref: string | null;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface OperationStore {
  get(carrier: string, opKey: string): Promise<StoredOperation | null>;
  /** Records a new operation; false when one with the same key is there already (nothing written). */
  insert(op: StoredOperation): Promise<boolean>;
  update(
    carrier: string,
    opKey: string,
    patch: Pick<StoredOperation, 'state' | 'ref' | 'reason' | 'updatedAt'> & { request?: StoredOperation['request'] },
  ): Promise<void>;
  /** Operations not finished yet (sending or pending), of every carrier, oldest first. */
  unfinished(limit: number): Promise<StoredOperation[]>;
}

export class MemoryOperationStore implements OperationStore {
  readonly #ops = new Map<string, StoredOperation>();

  async get(carrier: string, opKey: string): Promise<StoredOperation | null> {
    const op = this.#ops.get(`${carrier}\n${opKey}`);
    return op ? { ...op } : null;
  }

  async insert(op: StoredOperation): Promise<boolean> {
    const key = `${op.carrier}\n${op.opKey}`;
    if (this.#ops.has(key)) return false;
    this.#ops.set(key, { ...op });
    return true;
  }

  async update(carrier: string, opKey: string, patch: Parameters<OperationStore['update']>[2]): Promise<void> {
    const key = `${carrier}\n${opKey}`;
    const op = this.#ops.get(key);
    if (op) this.#ops.set(key, { ...op, ...patch, request: patch.request ?? op.request });
  }

  async unfinished(limit: number): Promise<StoredOperation[]> {
    return [...this.#ops.values()]
      .filter((o) => o.state === 'sending' || o.state === 'pending')
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, limit)
      .map((o) => ({ ...o }));
  }
}

/** A stored operation as the interface reports it ("sending" is pending: no answer yet). */
export function reported(op: StoredOperation, now: number): CarrierOperation {
  return { opKey: op.opKey, state: op.state === 'sending' ? 'pending' : op.state, ref: op.ref, reason: op.reason, asOf: now };
}

/**
 * An adapter's book of operations over a store: asks each change once (recorded before the call,
 * updated after), polls what is under way, and never asks again what the operator may have taken.
 */
export class OperationBook {
  constructor(
    private readonly carrier: string,
    readonly store: OperationStore,
    /** The wall clock of the records (not the caller's `now`, which tests move). */
    private readonly clock: () => number = Date.now,
  ) {}

  /** The operation asked with `opKey`, if any (one of another card is a bug of the caller's). */
  async find(card: CarrierCard, opKey: string): Promise<StoredOperation | null> {
    const op = await this.store.get(this.carrier, opKey);
    if (op && op.iccid !== card.iccid) throw new CarrierError('invalid', `operation ${opKey} belongs to another card`);
    return op;
  }

  /** Records an operation the operator need not be asked (the card is as asked already). */
  async done(card: CarrierCard, opKey: string, kind: OperationKind, request: StoredOperation['request'], now: number) {
    const t = this.clock();
    const op: StoredOperation = {
      carrier: this.carrier,
      opKey,
      iccid: card.iccid,
      simNo: card.simNo,
      kind,
      request,
      state: 'done',
      ref: null,
      reason: null,
      createdAt: t,
      updatedAt: t,
    };
    if (!(await this.store.insert(op))) return reported((await this.find(card, opKey))!, now);
    return reported(op, now);
  }

  /**
   * Asks the operator once: the record is written before `send` and updated with its answer. A
   * refusal is recorded as failed (and rethrown); an unanswered call leaves the record "sending"
   * (outcome unknown: later calls poll it, they do not ask again).
   */
  async ask(
    card: CarrierCard,
    opKey: string,
    kind: OperationKind,
    request: StoredOperation['request'],
    now: number,
    send: () => Promise<{ ref: string | null; done?: boolean }>,
    existing: StoredOperation | null = null,
  ): Promise<CarrierOperation> {
    const t = this.clock();
    if (existing) {
      await this.store.update(this.carrier, opKey, { state: 'sending', ref: existing.ref, reason: null, updatedAt: t, request });
    } else {
      const op: StoredOperation = {
        carrier: this.carrier,
        opKey,
        iccid: card.iccid,
        simNo: card.simNo,
        kind,
        request,
        state: 'sending',
        ref: null,
        reason: null,
        createdAt: t,
        updatedAt: t,
      };
      // Another call with the same key got there first: the same operation.
      if (!(await this.store.insert(op))) return reported((await this.find(card, opKey))!, now);
    }
    try {
      const answer = await send();
      const state = answer.done ? 'done' : 'pending';
      await this.store.update(this.carrier, opKey, { state, ref: answer.ref, reason: null, updatedAt: this.clock() });
      return { opKey, state, ref: answer.ref, reason: null, asOf: now };
    } catch (err) {
      if (err instanceof CarrierError && !err.retryable) {
        await this.store.update(this.carrier, opKey, { state: 'failed', ref: null, reason: err.message, updatedAt: this.clock() });
      }
      throw err;
    }
  }

  /** The operation as it stands: one under way is done once `check` says the card is as asked. */
  async poll(op: StoredOperation, now: number, check: () => Promise<boolean>): Promise<CarrierOperation> {
    if ((op.state === 'sending' || op.state === 'pending') && (await check())) {
      await this.store.update(this.carrier, op.opKey, { state: 'done', ref: op.ref, reason: null, updatedAt: this.clock() });
      return reported({ ...op, state: 'done' }, now);
    }
    return reported(op, now);
  }
}
