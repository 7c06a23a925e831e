/**
 * The card holder's account: real-name verification and the bound phone.
 *
 * Real-name states of a card (AuthStatus): 0 none → 2 under review → 1 verified or 3 rejected
 * (with a reason); a rejected card may submit again. The platform's own check (name, ID number,
 * photos) moves `auth_platform_status`; the carrier's official check moves `auth_status` when the
 * carrier reports it. Requests are decided by `decide` (tests, the operator console) or, in the
 * simulated set-up, by the review job after REALNAME_REVIEW_SECONDS.
 */
import { Code } from '@simshop/contract/codes';
import { AuthStatus } from '@simshop/contract/iot';
import type {
  OfficialAuthReply,
  RealnameConsent,
  RealnameConsentBody,
  RealnameRequest,
  SimBindMobileBody,
  SimPlatformAuthBody,
  SimRealnameInfo,
} from '@simshop/contract/iot-account';
import { isChineseId } from '@simshop/contract/validate';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { IotRealnameRequestsTable } from '../../db/schema-account.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import type { SimLogin } from '../iot-auth/service.ts';
import { checkPayPassword } from '../iot-money/service.ts';
import { cardById, lockCard, type Sims } from '../iot-sims/service.ts';
import { simOwner, type Uploads } from '../uploads/service.ts';
import * as repo from './repository.ts';

/** China Unicom runs its own real-name flow (/pages-sub/ltAuth/index). */
export const OWN_FLOW_OPERATORS: readonly number[] = [2];

export interface AccountDeps {
  db: Db;
  sims: Sims;
  login: SimLogin;
  uploads: Uploads;
  now: () => number;
  /** How long the simulated review takes before it approves by itself; 0: only `decide` decides. */
  reviewMs: number;
  /** The carrier's real-name page (the built-in carrier simulator serves /carrier/realname). */
  /** The carrier's real-name page for a card; null without a carrier that has one. */
  carrierRealnameUrl: ((q: { iccid: string; operatorType: number; back: string; lang: string }) => string) | null;
  /** Version of the privacy policy (of the card's promoter) the holder agrees to before real-name photos. */
  privacyVersion: (simId: number) => Promise<number>;
}

export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export const maskIdNumber = (id: string) => `${id.slice(0, 3)}***********${id.slice(-4)}`;

function view(r: Selectable<IotRealnameRequestsTable> | undefined): RealnameRequest | null {
  if (!r) return null;
  return {
    kind: r.kind,
    status: r.status,
    nameMasked: maskName(r.name),
    idNumberMasked: r.id_number ? maskIdNumber(r.id_number) : '',
    reason: r.reason,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  };
}

const STATE: Record<'pending' | 'verified' | 'rejected', number> = {
  pending: AuthStatus.REVIEWING,
  verified: AuthStatus.DONE,
  rejected: AuthStatus.REJECTED,
};

const column = (kind: repo.Kind) => (kind === 'platform' ? 'auth_platform_status' : 'auth_status');

/** Only app pages may be the way back from the carrier's page. */
const safeBack = (back: string | undefined) =>
  back && /^\/shop\/#\/[\w\-/?=&%.]*$/.test(back) ? back : '/shop/#/pages/iot/index/realnameAuth/index';

export class Account {
  constructor(private readonly deps: AccountDeps) {}

  /** The card's latest consent to the privacy policy and the version in force. */
  private async consentOf(simId: number): Promise<{ consent: RealnameConsent | null; consentVersion: number }> {
    const [row, consentVersion] = await Promise.all([repo.latestConsent(this.deps.db.db, simId), this.deps.privacyVersion(simId)]);
    return { consent: row ? { version: row.version, agreedAt: row.agreed_at } : null, consentVersion };
  }

  /**
   * POST /api/iot/realnameConsent: the holder agrees to the privacy policy shown, before any ID or
   * face photo; recorded with its version, time and address. A version other than the one in force
   * is refused (the text changed since it was shown).
   */
  async recordConsent(simId: number, body: RealnameConsentBody, ip: string): Promise<RealnameConsent> {
    const version = await this.deps.privacyVersion(simId);
    if (body.version !== version) throw invalid('version', 'realname.consentOutdated');
    const agreedAt = this.deps.now();
    await repo.insertConsent(this.deps.db.db, { sim_id: simId, version, ip, agreed_at: agreedAt });
    return { version, agreedAt };
  }

  /** Refuses ID and face photos of a card whose holder has not agreed to the privacy policy in force. */
  async requireConsent(simId: number, field: 'photo' | 'facePhoto'): Promise<void> {
    const { consent, consentVersion } = await this.consentOf(simId);
    if (!consent) throw invalid(field, 'realname.consentRequired');
    if (consent.version !== consentVersion) throw invalid(field, 'realname.consentOutdated');
  }

  /** GET /api/iot/simRealnameInfo */
  async realnameInfo(simId: number, operatorTypeName: string): Promise<SimRealnameInfo> {
    const { db } = this.deps;
    const card = await cardById(db.db, simId);
    const [platform, official, consent] = await Promise.all([
      repo.latestRequest(db.db, simId, 'platform'),
      repo.latestRequest(db.db, simId, 'official'),
      this.consentOf(simId),
    ]);
    return {
      authStatus: card.auth_status,
      authPlatformStatus: card.auth_platform_status,
      needAuth: card.auth_status !== AuthStatus.DONE,
      needPlatformAuth: card.platform_auth_required === 1 && card.auth_platform_status !== AuthStatus.DONE,
      platformAuthType: card.platform_auth_type,
      operatorType: card.operator_type,
      operatorTypeName,
      ownFlow: OWN_FLOW_OPERATORS.includes(card.operator_type),
      platform: view(platform),
      official: view(official),
      ...consent,
    };
  }

  /**
   * POST /api/iot/simPlatformAuth: the holder's name, ID number (§5 rule and its check digit) and
   * three photos the card uploaded. Refused while a request is under review or once verified.
   */
  async submitPlatform(simId: number, body: SimPlatformAuthBody): Promise<RealnameRequest> {
    const { db, uploads, now: clock, reviewMs } = this.deps;
    const now = clock();
    const idNumber = body.idNumber.toUpperCase();
    if (!isChineseId(idNumber)) throw invalid('idNumber', 'orders.invalidIdNumber');
    await this.requireConsent(simId, 'facePhoto');
    const photos = [
      ['facePhoto', body.facePhoto],
      ['idFrontPhoto', body.idFrontPhoto],
      ['idBackPhoto', body.idBackPhoto],
    ] as const;
    for (const [field, id] of photos) {
      if (!(await uploads.ownedBy(id, simOwner(simId)))) throw invalid(field, 'realname.photoMissing');
    }
    await db.db.transaction().execute(async (trx) => {
      const card = await lockCard(trx, db.dialect, simId);
      if (card.auth_platform_status === AuthStatus.DONE) throw fail('realname.alreadyVerified');
      if (card.auth_platform_status === AuthStatus.REVIEWING) throw fail('realname.underReview');
      await repo.insertRequest(trx, {
        sim_id: simId,
        kind: 'platform',
        status: 'pending',
        name: body.name,
        id_number: idNumber,
        face_photo: body.facePhoto,
        id_front_photo: body.idFrontPhoto,
        id_back_photo: body.idBackPhoto,
        review_at: reviewMs > 0 ? now + reviewMs : null,
        created_at: now,
        decided_at: null,
      });
      await this.deps.sims.setRealnameState(trx, simId, { auth_platform_status: AuthStatus.REVIEWING }, now);
    });
    return view(await repo.latestRequest(db.db, simId, 'platform')) as RealnameRequest;
  }

  /**
   * GET /api/iot/simOfficialAuth and deviceOfficialAuth: the carrier's page for the card (or, for a
   * device, one of its SIMs), with its ICCID.
   */
  async officialUrl(simId: number, simNo: string | undefined, back: string | undefined, lang: string): Promise<OfficialAuthReply> {
    const { sims, carrierRealnameUrl } = this.deps;
    if (!carrierRealnameUrl) {
      const none = new BizError(Code.FAILED, 'request.notFound', { request: "the carrier's real-name page" });
      none.status = 404;
      throw none;
    }
    const target = simNo ? await sims.findDeviceSibling(simId, simNo) : undefined;
    if (simNo && !target && simNo !== (await cardById(this.deps.db.db, simId)).sim_no) throw invalid('simNo', 'sim.notInDevice');
    const card = await cardById(this.deps.db.db, target?.simId ?? simId);
    if (card.auth_status === AuthStatus.DONE) throw fail('realname.alreadyVerified');
    return {
      url: carrierRealnameUrl({ iccid: card.iccid, operatorType: card.operator_type, back: safeBack(back), lang }),
      iccid: card.iccid,
      simNo: card.sim_no,
      operatorType: card.operator_type,
    };
  }

  /**
   * The carrier took a real-name submission for the card of `iccid` (its page called back): the
   * card's carrier state is "under review" until the carrier answers.
   */
  async officialSubmitted(iccid: string, name: string, idNumber: string): Promise<'accepted' | 'unknown' | 'done'> {
    const { db, now: clock, reviewMs } = this.deps;
    const now = clock();
    const simId = await this.deps.sims.cardIdByIccid(iccid);
    if (simId === undefined) return 'unknown';
    return db.db.transaction().execute(async (trx) => {
      const card = await lockCard(trx, db.dialect, simId);
      if (card.auth_status === AuthStatus.DONE) return 'done' as const;
      await trx
        .updateTable('iot_realname_requests')
        .set({ status: 'rejected', reason: 'superseded', decided_at: now, review_at: null })
        .where('sim_id', '=', simId)
        .where('kind', '=', 'official')
        .where('status', '=', 'pending')
        .execute();
      await repo.insertRequest(trx, {
        sim_id: simId,
        kind: 'official',
        status: 'pending',
        name,
        id_number: idNumber.toUpperCase(),
        review_at: reviewMs > 0 ? now + reviewMs : null,
        created_at: now,
        decided_at: null,
      });
      await this.deps.sims.setRealnameState(trx, simId, { auth_status: AuthStatus.REVIEWING }, now);
      return 'accepted' as const;
    });
  }

  /** Approves or rejects (with a reason) a pending request; the card's state follows in the same transaction. */
  async decide(requestId: number, verdict: { status: 'verified' } | { status: 'rejected'; reason: string }): Promise<boolean> {
    const { db, now: clock } = this.deps;
    const now = clock();
    return db.db.transaction().execute(async (trx) => {
      const row = await repo.requestById(trx, requestId);
      if (!row) return false;
      await lockCard(trx, db.dialect, row.sim_id);
      const reason = verdict.status === 'rejected' ? verdict.reason : '';
      if (!(await repo.decide(trx, requestId, verdict.status, reason, now))) return false;
      await this.deps.sims.setRealnameState(trx, row.sim_id, { [column(row.kind)]: STATE[verdict.status] }, now);
      return true;
    });
  }

  /** The latest request of a kind of a card (tests and the console find what to decide). */
  async latestRequestId(simId: number, kind: repo.Kind): Promise<number | undefined> {
    return (await repo.latestRequest(this.deps.db.db, simId, kind))?.id;
  }

  /** The simulated review: approves the requests whose time has come. */
  async reviewDue(now: number): Promise<number> {
    let done = 0;
    for (const { id } of await repo.dueReviews(this.deps.db.db, now, 50)) if (await this.decide(id, { status: 'verified' })) done++;
    return done;
  }

  /** POST /api/iot/simBindMobileCode: a code to the phone being bound. */
  async sendBindCode(simId: number, mobile: string, env: Parameters<SimLogin['sendBindCode']>[3]) {
    const card = await cardById(this.deps.db.db, simId);
    if (card.mobile === mobile) throw invalid('mobile', 'bindPhone.same');
    return this.deps.login.sendBindCode(simId, card.sim_no, mobile, env);
  }

  /**
   * POST /api/iot/simBindMobile: binds a phone proven by its code. Replacing a bound phone also
   * needs the old phone's login code or the pay password. The old phone's open codes are closed,
   * so SMS-code login goes to the new phone only.
   */
  async bindMobile(simId: number, body: SimBindMobileBody, ip: string): Promise<{ mobile: string; numbAuth: number }> {
    const { db, login, now: clock } = this.deps;
    const now = clock();
    const card = await cardById(db.db, simId);
    const sim = { simId, simNo: card.sim_no };
    if (card.mobile === body.mobile) throw invalid('mobile', 'bindPhone.same');
    if (card.mobile) {
      if (body.oldCode) await login.useCardCode(sim.simId, sim.simNo, body.oldCode, ip, now);
      else if (body.payPassword) {
        if (card.pay_password_hash === null) throw invalid('payPassword', 'bindPhone.noPayPassword');
        await checkPayPassword(db.db, sim.simId, body.payPassword, now);
      } else throw invalid('oldCode', 'bindPhone.proveOld');
    }
    await login.useBindCode(sim.simId, sim.simNo, body.mobile, body.code, ip, now);
    await this.deps.sims.setBoundMobile(sim.simId, body.mobile, now);
    await login.closeLoginCodes(sim.simId, now);
    return { mobile: maskMobile(body.mobile), numbAuth: 1 };
  }
}

/** Every 5 s: the simulated reviews that are due (REALNAME_REVIEW_SECONDS). */
export function reviewJob(account: Account): Job {
  return { name: 'iot-account.realname-review', everyMs: 5_000, run: (now) => account.reviewDue(now) };
}

export { pendingPlatformRequests, requestFacts } from './operator.ts';
