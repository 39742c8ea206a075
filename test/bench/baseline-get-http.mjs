// Baseline for the one-request goals: the same GET with node:http and nothing
// else, printing the body (the floor a one-request command can reach).
import { request } from 'node:http';

const [url, token] = process.argv.slice(2);
request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')), null, 2) + '\n'));
}).end();
