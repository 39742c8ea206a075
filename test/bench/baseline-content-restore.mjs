// Baseline for content restore: the requests `docplat content restore --new
// --no-verify` made in a recorded run (restore.mjs records them through a
// proxy), sent again one after the other with undici and a keep-alive agent,
// each id the recorded answers gave (the new space, the change request, the
// pages and files each batch created) replaced by the one this run's answers
// give. It reads no folder and plans nothing: the same batches, sent raw.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const [base, token, recordFile] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(recordFile, 'utf8'));
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
const ids = new Map();
const swap = (text) => {
  let out = text;
  for (const [old, now] of ids) out = out.split(old).join(now);
  return out;
};
/** Learns old → new ids from a recorded answer and this run's, walked side by side. */
const learn = (was, now) => {
  if (Array.isArray(was) && Array.isArray(now)) return was.forEach((w, i) => learn(w, now[i]));
  if (!was || !now || typeof was !== 'object' || typeof now !== 'object') return;
  for (const [key, value] of Object.entries(was)) {
    if (['id', 'page', 'revision'].includes(key) && typeof value === 'string' && typeof now[key] === 'string' && value !== now[key]) ids.set(value, now[key]);
    else learn(value, now[key]);
  }
};
for (const r of recorded) {
  const body = r.body === undefined ? undefined : swap(r.body);
  const res = await request(`${base}${swap(r.path)}`, {
    method: r.method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
    dispatcher,
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${r.method} ${r.path}: ${res.statusCode} ${text.slice(0, 300)}`);
  if (r.response) learn(JSON.parse(r.response), JSON.parse(text));
}
await dispatcher.close();
