// Reference for the download row: the least a Node program does with
// node:http to fetch the same file, the response piped to a file.
import { createWriteStream } from 'node:fs';
import { get } from 'node:http';
import { pipeline } from 'node:stream/promises';

const [url, dest] = process.argv.slice(2);
const res = await new Promise((resolve, reject) => get(url, resolve).once('error', reject));
await pipeline(res, createWriteStream(dest));
