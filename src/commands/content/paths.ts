// The safe paths of API data moved to src/files/paths.ts (shared by export, download and openapi).
export * from '../../files/paths.js';
