import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/** The checker's jar, from the `vnu-jar` package (its own Java downloader is not used). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * The Nu Html Checker (the `vnu-jar` package; Java from the system, `.ci/run` installs it) over many documents in
 * one run: starting Java costs seconds, checking a page a few milliseconds. Returns each error as
 * `name: line L: message «extract»`, empty when every document validates.
 */
export async function htmlErrors(documents: Map<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-vnu-'));
  try {
    // By file name: vnu reports each as a `file:` URL of its own spelling.
    const names = new Map<string, string>();
    const files: string[] = [];
    for (const [name, html] of documents) {
      const file = path.join(dir, `${files.length}.html`);
      writeFileSync(file, html);
      files.push(file);
      names.set(path.basename(file), name);
    }
    const report = await new Promise<string>((resolve, reject) => {
      execFile(
        'java',
        ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, _stdout, stderr) => (error ? reject(new Error(`vnu: ${error.message}\n${stderr}`)) : resolve(stderr)),
      );
    });
    const { messages } = JSON.parse(report) as {
      messages: { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string }[];
    };
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
      .map(
        (m) =>
          `${names.get(path.posix.basename(m.url)) ?? m.url}: line ${m.lastLine ?? '?'}: ${m.message} «${(m.extract ?? '').trim()}»`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
