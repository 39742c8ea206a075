// Reference for the download row: the least a Node program does to fetch the
// same file, undici's request piped to a file (what docplat's download does,
// without the metadata request, the temporary file and the rename).
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';

const [url, dest] = process.argv.slice(2);
const res = await request(url);
await pipeline(res.body, createWriteStream(dest));
