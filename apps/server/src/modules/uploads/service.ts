/**
 * Uploaded images. A file is accepted when its content (not its name or declared type) is a JPEG,
 * PNG or WebP image within the size limit; its metadata is removed without re-encoding; the bytes
 * are kept under UPLOAD_DIR (outside the web root) by a random 128-bit id, in a folder per first
 * two characters. A file is served only when one of the readers (authorisation hooks) says the
 * caller may see it: its owner, and whoever else a module adds (operators).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileUrl, UPLOAD_TYPES, type UploadPurpose, type UploadReply } from '@simshop/contract/uploads';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { UploadsTable } from '../../db/schema-account.ts';
import { type BizError, fail, invalid } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { directoryProblem } from '../../lib/writable.ts';
import * as repo from './repository.ts';
import { CorruptImage, type ImageMime, stripMetadata } from './strip.ts';

/** Files one owner may upload per hour (each is kept on disk). */
export const UPLOADS_PER_HOUR = 30;

/** Who owns a file: a SIM card (by its id) or a storefront buyer (by the mobile they log in with). */
export type Owner = `sim:${number}` | `buyer:${string}`;
export const simOwner = (simId: number): Owner => `sim:${simId}`;
export const buyerOwner = (mobile: string): Owner => `buyer:${mobile}`;

export type UploadRow = UploadsTable;

/** An authorisation hook: may the caller of `req` see `file`? */
export type Reader = (req: FastifyRequest, file: UploadRow) => Promise<boolean>;

export interface UploadsDeps {
  db: Kysely<Database>;
  dir: string;
  maxBytes: number;
  now: () => number;
}

const isImage = (mime: string | undefined): mime is ImageMime => (UPLOAD_TYPES as readonly string[]).includes(mime ?? '');

/** A check a module adds before a card's file of a purpose is kept (it throws to refuse). */
export type SimUploadCheck = (simId: number, purpose: UploadPurpose) => Promise<void>;

export class Uploads {
  readonly #readers: Reader[] = [];
  readonly #simChecks: SimUploadCheck[] = [];

  constructor(private readonly deps: UploadsDeps) {}

  get maxBytes(): number {
    return this.deps.maxBytes;
  }

  /** Whether the upload directory takes a new file now (health: a small probe file is written and removed, as a save does). */
  async writable(): Promise<boolean> {
    try {
      await mkdir(this.deps.dir, { recursive: true });
      const probe = path.join(this.deps.dir, `.health-probe-${randomBytes(6).toString('hex')}`);
      await writeFile(probe, '', { flag: 'wx' });
      await rm(probe);
      return true;
    } catch {
      return false;
    }
  }

  /** Adds a check run before a card's upload is kept (the real-name consent); every check must pass. */
  addSimCheck(check: SimUploadCheck): void {
    this.#simChecks.push(check);
  }

  /** Runs the checks of a card's upload (before its bytes are looked at). */
  async checkSim(simId: number, purpose: UploadPurpose): Promise<void> {
    for (const check of this.#simChecks) await check(simId, purpose);
  }

  /** Adds an authorisation hook; a file is served when any hook allows it. */
  addReader(reader: Reader): void {
    this.#readers.push(reader);
  }

  private pathOf(id: string): string {
    return path.join(this.deps.dir, id.slice(0, 2), id);
  }

  /** Checks, cleans and stores an image of `owner`. */
  async save(owner: Owner, purpose: UploadPurpose, data: Buffer): Promise<UploadReply> {
    const { db, now } = this.deps;
    if (data.length === 0) throw invalid('photo', 'upload.empty');
    if (data.length > this.deps.maxBytes) throw tooLarge(this.deps.maxBytes);
    const { fileTypeFromBuffer } = await import('file-type');
    const mime = (await fileTypeFromBuffer(data))?.mime;
    if (!isImage(mime)) throw invalid('photo', 'upload.type');
    let clean: Buffer;
    try {
      clean = stripMetadata(mime, data);
    } catch (err) {
      if (err instanceof CorruptImage) throw invalid('photo', 'upload.corrupt');
      throw err;
    }
    if (!(await hit(db, `upload:${owner}`, UPLOADS_PER_HOUR, 3_600_000, now())).allowed) throw fail('upload.tooMany');
    const id = randomBytes(16).toString('hex');
    const file = this.pathOf(id);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.part`, clean, { flag: 'wx' });
    await rename(`${file}.part`, file);
    await repo.insertUpload(db, { id, owner, purpose, mime, size: clean.length, created_at: now() });
    return { id, url: fileUrl(id), mime, size: clean.length, purpose };
  }

  /** The file `id` when it belongs to `owner` (a call that uses an uploaded file checks it). */
  async ownedBy(id: string, owner: Owner): Promise<UploadRow | undefined> {
    if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
    const row = await repo.findUpload(this.deps.db, id);
    return row && row.owner === owner ? row : undefined;
  }

  /** The bytes of a file for the caller of `req`: "not found" unless a reader allows it. */
  async read(id: string, req: FastifyRequest): Promise<{ mime: string; data: Buffer }> {
    const row = await repo.findUpload(this.deps.db, id);
    if (!row || !(await this.allowed(req, row))) throw notFound();
    return { mime: row.mime, data: await readFile(this.pathOf(id)) };
  }

  private async allowed(req: FastifyRequest, row: UploadRow): Promise<boolean> {
    for (const reader of this.#readers) if (await reader(req, row)) return true;
    return false;
  }
}

/**
 * Start-up check of the upload directory (on any database: on PostgreSQL DATA_DIR holds only the
 * uploads): one line naming DATA_DIR or UPLOAD_DIR and the system's reason, or null when it takes files.
 */
export function uploadDirProblem(config: Pick<Config, 'dataDir' | 'uploadDir'>): string | null {
  const problem = directoryProblem(config.uploadDir);
  if (!problem) return null;
  const where =
    config.uploadDir === path.join(config.dataDir, 'uploads')
      ? `DATA_DIR ${config.dataDir} is not writable (uploads go to ${config.uploadDir})`
      : `UPLOAD_DIR ${config.uploadDir} is not writable`;
  return `${where}: ${problem.reason}`;
}

/** The refusal of a file over `maxBytes`. */
export const tooLarge = (maxBytes: number) =>
  invalid('photo', 'upload.tooLarge', { megabytes: Math.round((maxBytes / 1_048_576) * 10) / 10 });

function notFound(): BizError {
  const e = fail('upload.notFound');
  e.status = 404;
  return e;
}
