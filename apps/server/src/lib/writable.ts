import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Why a directory cannot take files: it cannot be created, or a file cannot be written in it, and the system's reason. */
export interface DirectoryProblem {
  step: 'create' | 'write';
  reason: string;
}

/** Creates `dir` when missing and writes (and removes) a file in it; what went wrong, or null. */
export function directoryProblem(dir: string): DirectoryProblem | null {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return { step: 'create', reason: (error as Error).message };
  }
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    return { step: 'write', reason: (error as Error).message };
  }
  return null;
}
