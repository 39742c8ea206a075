// `--web`: opens an app URL in the browser ($BROWSER, else the platform's
// opener), or prints it when no browser can be opened or under CI.
import { spawn } from 'node:child_process';
import type { Context } from './context.js';
import { DocplatError } from './errors.js';
import { escapeControls, hasControls } from './output/terminal.js';

export async function openInBrowser(ctx: Context, url: unknown): Promise<void> {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new DocplatError('the API gave no app URL for this resource');
  // Printed as is (piped, under CI) or handed to a browser: a URL with a space or a control character is no URL.
  if (/\s/.test(url) || hasControls(url)) throw new DocplatError(`the API gave an app URL that is not one: ${escapeControls(url)}`);
  const env = ctx.env;
  const opener = env.BROWSER || (process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open');
  // Under CI, or with nobody at a terminal, there is no browser to open: the URL is the answer.
  if (env.CI || !ctx.io.stdoutTTY && !env.BROWSER) return ctx.output.text(url);
  const opened = await new Promise<boolean>((resolve) => {
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true, env });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
  if (!opened) {
    ctx.warn(`cannot open a browser (${opener}): open this URL yourself`);
    return ctx.output.text(url);
  }
  // Notes and warnings go through the terminal writer, which escapes the URL.
  ctx.output.note(`Opening ${url} in your browser.`);
}
