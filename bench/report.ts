/** Prints the result rows as one table, writes them as JSON under bench/results/, and says whether every budget was met. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { QUICK, type Row, root } from './lib.ts';

const shown = (r: Row) => (r.unit === 'holds' ? (r.value === 1 ? 'yes' : 'NO') : `${r.value.toLocaleString('en')} ${r.unit}`);
const budgetOf = (r: Row) => (r.budget === null ? '—' : r.unit === 'holds' ? 'must hold' : `${r.budget.op} ${r.budget.limit} ${r.unit}`);
const verdict = (r: Row) => (r.met === null ? 'info' : r.met ? 'met' : '**MISSED**');

export function report(rows: Row[], startedAt = Date.now()): boolean {
  console.log('\n| benchmark | figure | value | budget | result | note |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.bench} | ${r.figure} | ${shown(r)} | ${budgetOf(r)} | ${verdict(r)} | ${r.note ?? ''} |`);
  const missed = rows.filter((r) => r.met === false);
  console.log(missed.length === 0 ? '\nEvery budget met.' : `\n${missed.length} budget(s) missed.`);
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date(startedAt).toISOString().replace(/[:.]/g, '-')}${QUICK ? '-quick' : ''}.json`);
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  writeFileSync(file, `${JSON.stringify({ startedAt: new Date(startedAt).toISOString(), quick: QUICK, machine, rows }, null, 2)}\n`);
  console.log(`Written to ${path.relative(root, file)}`);
  return missed.length === 0;
}
