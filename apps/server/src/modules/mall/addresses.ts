/**
 * The delivery addresses of a card. A card keeps at most MAX_ADDRESSES; it has exactly one
 * default whenever it has any (the first one is, and deleting the default passes it to the newest
 * one left). Changes are made on the locked card, so concurrent calls keep these rules.
 */
import { MAX_ADDRESSES, type SetSimAddressInput, type SimAddress } from '@simshop/contract/mall';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { lockCard } from '../iot-sims/service.ts';
import { divisionChildren } from '../site/service.ts';
import { addressText, type MallDeps, regionText } from './deps.ts';
import * as repo from './repository.ts';

export function addressView(a: repo.AddressRow, language: Language): SimAddress {
  return {
    id: a.id,
    name: a.name,
    mobile: a.mobile,
    province: a.province,
    city: a.city,
    county: a.county,
    detail: a.detail,
    regionText: regionText(a, language),
    fullText: addressText(a, language),
    isDefault: a.is_default === 1,
  };
}

/** Province, city and county must be one inside the other (a city without counties repeats its code). */
function checkRegion(a: { province: string; city: string; county: string }): void {
  if (!divisionChildren('000000')?.some((p) => p.code === a.province)) throw invalid('province', 'orders.unknownProvince');
  if (!divisionChildren(a.province)?.some((c) => c.code === a.city)) throw invalid('city', 'orders.cityNotInProvince');
  const counties = divisionChildren(a.city) ?? [];
  const ok = counties.length === 0 ? a.county === a.city : counties.some((c) => c.code === a.county);
  if (!ok) throw invalid('county', 'orders.countyNotInCity');
}

export async function listAddresses(deps: MallDeps, simId: number, language: Language): Promise<SimAddress[]> {
  return (await repo.addressesOf(deps.db, simId)).map((a) => addressView(a, language));
}

/** POST /api/iot/setSimAddress: adds an address (no id) or changes one; answers the address as stored. */
export async function setAddress(deps: MallDeps, simId: number, input: SetSimAddressInput, language: Language): Promise<SimAddress> {
  checkRegion(input);
  const now = deps.now();
  const fields = {
    name: input.name,
    mobile: input.mobile,
    province: input.province,
    city: input.city,
    county: input.county,
    detail: input.detail,
  };
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockCard(trx, deps.dialect, simId);
    let id = input.id;
    let makeDefault = input.isDefault;
    if (id !== undefined) {
      const current = await repo.addressOf(trx, simId, id);
      if (!current) throw invalid('id', 'mall.noSuchAddress');
      await repo.updateAddress(trx, simId, id, { ...fields, updated_at: now });
    } else {
      const count = await repo.countAddresses(trx, simId);
      if (count >= MAX_ADDRESSES) throw invalid('id', 'mall.tooManyAddresses', { max: MAX_ADDRESSES });
      id = (await repo.insertAddress(trx, { sim_id: simId, ...fields, is_default: 0, created_at: now, updated_at: now })).id;
      if (count === 0) makeDefault = true;
    }
    if (makeDefault) await repo.markDefault(trx, simId, id, now);
    const stored = await repo.addressOf(trx, simId, id);
    if (!stored) throw new Error(`address ${id} vanished`);
    return stored;
  });
  return addressView(row, language);
}

/** POST /api/iot/delSimAddress: answers the addresses left. */
export async function deleteAddress(deps: MallDeps, simId: number, id: number, language: Language): Promise<SimAddress[]> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockCard(trx, deps.dialect, simId);
    const current = await repo.addressOf(trx, simId, id);
    if (!current || !(await repo.deleteAddress(trx, simId, id))) throw invalid('id', 'mall.noSuchAddress');
    if (current.is_default === 1) {
      const newest = (await repo.addressesOf(trx, simId))[0];
      if (newest) await repo.markDefault(trx, simId, newest.id, now);
    }
  });
  return listAddresses(deps, simId, language);
}

/** POST /api/iot/setDefaultSimAddress: answers the addresses, the default first. */
export async function setDefaultAddress(deps: MallDeps, simId: number, id: number, language: Language): Promise<SimAddress[]> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockCard(trx, deps.dialect, simId);
    if (!(await repo.addressOf(trx, simId, id))) throw invalid('id', 'mall.noSuchAddress');
    await repo.markDefault(trx, simId, id, now);
  });
  return listAddresses(deps, simId, language);
}
