// Baseline for `spaces list --output table`: the same page (100 spaces) with
// node:http, drawn by cli-table3 as docplat draws it (the same columns,
// borderless, two spaces between columns, ages as "2y ago"), nothing else.
import { request } from 'node:http';
import Table from 'cli-table3';

const [base, token, org] = process.argv.slice(2);
const UNITS = [[365 * 86400, 'y'], [30 * 86400, 'mo'], [7 * 86400, 'w'], [86400, 'd'], [3600, 'h'], [60, 'm']];
const age = (iso) => {
  const s = Math.round((Date.now() - Date.parse(iso)) / 1000);
  const [size, unit] = UNITS.find(([size]) => s >= size) ?? [1, 's'];
  return `${Math.floor(s / size)}${unit} ago`;
};
const none = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ' };
request(`${base}/orgs/${org}/spaces?limit=100`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => {
    const { items } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const table = new Table({ head: ['ID', 'TITLE', 'VISIBILITY', 'EDIT MODE', 'COLLECTION', 'UPDATED'], chars: none, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } });
    for (const s of items) table.push([s.id, s.title, s.visibility, s.editMode ?? '', s.parent ?? '', age(s.updatedAt)]);
    process.stdout.write(table.toString().replace(/[ \t]+$/gm, '') + '\n');
  });
}).end();
