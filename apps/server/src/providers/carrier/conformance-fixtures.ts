/**
 * The carriers the conformance suite runs over (tests only, never imported by the server): each
 * fixture gives a carrier, cards its operator knows and one it does not, and the hooks the suite
 * needs to set the operator's side. Every operator reports the simulator's usage curve, so the
 * same figures are expected whatever the adapter.
 */
import { dayStart } from '../../lib/flow-math.ts';
import { type FakeOneLink, startFakeOneLink } from './fake-onelink.ts';
import { type FakeTelecom, startFakeTelecom } from './fake-telecom.ts';
import { type FakeUnicom, startFakeUnicom } from './fake-unicom.ts';
import { OneLinkCarrier } from './onelink.ts';
import { CarrierSimulator, simulatedDayUsage } from './simulator.ts';
import { TelecomCarrier } from './telecom.ts';
import type { CarrierCard, CarrierProvider } from './types.ts';
import { UnicomCarrier } from './unicom.ts';

export interface CarrierFixture {
  name: string;
  carrier: CarrierProvider;
  /** Cards the operator knows. */
  cards: CarrierCard[];
  /** A card the operator does not know. */
  unknown: CarrierCard;
  /** Adds a card to the operator (cards made by the tests' app). */
  add(card: CarrierCard): void;
  /** Sets the operator's clock (the instant the next calls are made at). */
  at(now: number): void;
  /** MB the operator counts for a card's whole day. */
  dayMb(card: CarrierCard, day: string): number;
  /** How late the operator's figures are at `now` at most: its figures count up to at least `now - lag`. */
  lagAt(now: number): number;
  separate(card: CarrierCard): void;
  setRealName(card: CarrierCard, state: 'registered' | 'unregistered'): void;
  /** Offering code to open in tests. */
  offeringCode: string;
  /** How many offerings the operator opened on the card. */
  openedOn(card: CarrierCard): number;
  /** Waits until the operator has done the changes it accepted. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export const cardN = (n: number): CarrierCard => ({
  simNo: `14400${String(n).padStart(8, '0')}`,
  iccid: `8986040000${String(n).padStart(10, '0')}`,
  operatorType: 4,
});

const UNKNOWN = cardN(99_999_999);

export async function simulatorFixture(): Promise<CarrierFixture> {
  const carrier = new CarrierSimulator({ unknown: (iccid) => iccid === UNKNOWN.iccid });
  const cards = [1, 2, 3].map(cardN);
  return {
    name: 'simulator',
    carrier,
    cards,
    unknown: UNKNOWN,
    add: () => {},
    at: () => {},
    dayMb: (card, day) => simulatedDayUsage(card.simNo, day),
    lagAt: () => 0,
    separate: (card) => carrier.separate(card.iccid),
    setRealName: (card, state) => carrier.setRealName(card.iccid, state),
    offeringCode: 'SIM-OFFER-1',
    openedOn: (card) => carrier.openedOn(card.iccid),
    settle: async () => {},
    close: async () => {},
  };
}

export async function oneLinkFixture(): Promise<CarrierFixture & { fake: FakeOneLink; onelink: OneLinkCarrier }> {
  const fake = await startFakeOneLink();
  // Each day's figure is the simulator's, in KB (plus half an MB, which OneLink's MB rounding drops).
  fake.dayKb = (msisdn, day) => simulatedDayUsage(msisdn, day) * 1024 + 512;
  fake.applyAfterMs = 30;
  const onelink = new OneLinkCarrier({
    baseUrl: fake.url,
    appid: fake.appid,
    password: fake.password,
    callsPerSecond: 500,
    timeoutMs: 10_000,
  });
  const cards = [1, 2, 3].map(cardN);
  const add = (card: CarrierCard) => {
    if (!fake.cards.has(card.simNo)) fake.addCard(card.simNo, card.iccid);
  };
  for (const c of cards) add(c);
  const cardOf = (card: CarrierCard) => fake.cards.get(card.simNo)!;
  return {
    name: 'onelink',
    fake,
    onelink,
    carrier: onelink,
    cards,
    unknown: UNKNOWN,
    add,
    at: (now) => {
      fake.clock = now;
    },
    dayMb: (card, day) => simulatedDayUsage(card.simNo, day),
    // Figures up to yesterday only.
    lagAt: (now) => now - dayStart(now),
    separate: (card) => {
      cardOf(card).separated = true;
      cardOf(card).imei = '860000000000009';
    },
    setRealName: (card, state) => {
      cardOf(card).realNameStatus = state === 'registered' ? '1' : '0';
    },
    offeringCode: 'OL-OFFER-1',
    openedOn: (card) => cardOf(card).offerings.length,
    settle: () => new Promise((resolve) => setTimeout(resolve, 40)),
    close: () => fake.close(),
  };
}

export async function telecomFixture(): Promise<CarrierFixture & { fake: FakeTelecom; telecom: TelecomCarrier }> {
  const fake = await startFakeTelecom();
  // Each day's figure is the simulator's, in MB with decimals (the 0.40 MB the adapter's rounding drops).
  fake.dayMb = (iccid, day) => simulatedDayUsage(simNoOf.get(iccid) ?? '', day) + 0.4;
  fake.applyAfterMs = 30;
  const simNoOf = new Map<string, string>();
  const telecom = new TelecomCarrier({
    baseUrl: fake.url,
    userId: fake.userId,
    password: fake.password,
    key: fake.key,
    callsPerSecond: 500,
    timeoutMs: 10_000,
  });
  const cards = [1, 2, 3].map(cardN);
  const add = (card: CarrierCard) => {
    simNoOf.set(card.iccid, card.simNo);
    if (!fake.cards.has(card.iccid)) fake.addCard(card.iccid);
  };
  for (const c of cards) add(c);
  const cardOf = (card: CarrierCard) => fake.cards.get(card.iccid)!;
  return {
    name: 'telecom',
    fake,
    telecom,
    carrier: telecom,
    cards,
    unknown: UNKNOWN,
    add,
    at: (now) => {
      fake.clock = now;
    },
    dayMb: (card, day) => simulatedDayUsage(card.simNo, day),
    lagAt: (now) => now - dayStart(now),
    separate: (card) => {
      cardOf(card).separated = true;
      cardOf(card).imei = '860000000000009';
    },
    setRealName: (card, state) => {
      cardOf(card).realNameStatus = state === 'registered' ? '1' : '0';
    },
    offeringCode: 'CT-OFFER-1',
    openedOn: (card) => cardOf(card).offers.length,
    settle: () => new Promise((resolve) => setTimeout(resolve, 40)),
    close: () => fake.close(),
  };
}

export async function unicomFixture(): Promise<CarrierFixture & { fake: FakeUnicom; unicom: UnicomCarrier }> {
  const fake = await startFakeUnicom();
  const simNoOf = new Map<string, string>();
  fake.dayMb = (iccid, day) => simulatedDayUsage(simNoOf.get(iccid) ?? '', day);
  fake.applyAfterMs = 30;
  const unicom = new UnicomCarrier({
    baseUrl: fake.url,
    username: fake.username,
    apiKey: fake.apiKey,
    callsPerSecond: 500,
    timeoutMs: 10_000,
  });
  const cards = [1, 2, 3].map(cardN);
  const add = (card: CarrierCard) => {
    simNoOf.set(card.iccid, card.simNo);
    if (!fake.devices.has(card.iccid)) fake.addDevice(card.iccid, card.simNo);
  };
  for (const c of cards) add(c);
  const deviceOf = (card: CarrierCard) => fake.devices.get(card.iccid)!;
  return {
    name: 'unicom',
    fake,
    unicom,
    carrier: unicom,
    cards,
    unknown: UNKNOWN,
    add,
    at: (now) => {
      fake.clock = now;
    },
    dayMb: (card, day) => simulatedDayUsage(card.simNo, day),
    // The cycle counter is current; there are no day figures to be late.
    lagAt: () => 0,
    separate: (card) => {
      deviceOf(card).imei = '860000000000009';
    },
    setRealName: (card, state) => {
      deviceOf(card).operatorCustom1 = state === 'registered' ? '1' : '0';
    },
    offeringCode: 'CU-PLAN-1',
    openedOn: (card) => deviceOf(card).ratePlanChanges,
    settle: () => new Promise((resolve) => setTimeout(resolve, 40)),
    close: () => fake.close(),
  };
}

export const carrierFixtures: [string, () => Promise<CarrierFixture>][] = [
  ['simulator', simulatorFixture],
  ['onelink', oneLinkFixture],
  ['telecom', telecomFixture],
  ['unicom', unicomFixture],
];
