// The integrations family's records, the operations' inputs and what every part
// of the family shares.
import { createHash } from 'node:crypto';
import type { PageQuery } from '../../core/paging.js';

export interface IntegrationRec {
  /** The name is the id. */
  id: string;
  version: number;
  title: string;
  description: string;
  summary?: string;
  /** How many preview images were published (served as URLs). */
  previewImages: number;
  icon: boolean;
  target: string;
  visibility: string;
  verified: boolean;
  scopes: string[];
  categories: string[];
  blocks: Record<string, unknown>[];
  contentSources: Record<string, unknown>[];
  externalLinks: { url: string; label: string }[];
  configurations?: unknown;
  contentSecurityPolicy?: string;
  /** Id of the owner organization. */
  owner: string;
  /** Never rendered. */
  script: string;
  /** Never rendered. */
  secrets?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface InstallationRec {
  id: string;
  integration: string;
  /** The organization it is installed in. */
  org: string;
  status: 'active' | 'pending' | 'paused';
  spaceSelection: 'all' | 'selected';
  siteSelection: 'all' | 'selected';
  spaces: number;
  configuration: Record<string, unknown>;
  externalIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface PublishBody {
  icon?: string;
  title: string;
  description: string;
  summary?: string;
  previewImages?: string[];
  visibility?: string;
  target?: string;
  scopes?: string[];
  categories?: string[];
  blocks?: Record<string, unknown>[];
  contentSources?: Record<string, unknown>[];
  externalLinks?: { url: string; label: string }[];
  configurations?: unknown;
  script: string;
  organization: string;
  secrets?: Record<string, string>;
  contentSecurityPolicy?: string;
}

export interface ListQuery extends PageQuery {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: string;
}

export const ASSETS = 'https://integrations.docplat.test';
export const TOKEN_PREFIX = 'dpi_sandbox_';
/** What an integration's token may call. */
export const INTEGRATION_OPERATIONS = ['integrations.installations', 'integrations.get'] as const;
export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The token of integration `name` in a state whose own token is `stateToken`. */
export function integrationToken(stateToken: string, name: string): string {
  return TOKEN_PREFIX + createHash('sha256').update(`${stateToken}\0integration\0${name}`).digest('hex').slice(0, 32);
}

/** Whether a block unfurls links of this domain (its urlUnfurl patterns name it). */
export function unfurls(block: Record<string, unknown>, domain: string): boolean {
  const patterns = Array.isArray(block.urlUnfurl) ? (block.urlUnfurl as unknown[]) : [];
  return patterns.some((p) => {
    if (typeof p !== 'string') return false;
    try {
      return new URL(p.replace(/\*+/g, 'x')).hostname === domain.toLowerCase();
    } catch {
      return false;
    }
  });
}
