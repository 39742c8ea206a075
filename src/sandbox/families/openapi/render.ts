// How the openapi family's records look in responses, as the public OpenAPI
// description has them.
import type { Role } from '../../../api/enums.js';
import { notFound } from '../../core/errors.js';
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import type { OpenApiSpecs } from './index.js';
import type { SpecRec, VersionRec } from './records.js';

export class OpenapiViews {
  constructor(private readonly f: OpenApiSpecs) {}

  specObject(spec: SpecRec, api: string): Record<string, unknown> {
    const state = this.f.state(spec);
    const last = spec.versions[spec.versions.length - 1];
    const role: Role | null | undefined = this.f.orgs.roleIn(spec.org);
    return {
      object: 'openapi-spec',
      id: spec.id,
      createdAt: spec.createdAt,
      updatedAt: spec.updatedAt,
      slug: spec.slug,
      ...(spec.sourceURL ? { sourceURL: spec.sourceURL } : {}),
      processingState: state,
      visibility: 'private',
      ...(last ? { lastVersion: last.id } : {}),
      ...(spec.lastProcessedAt ? { lastProcessedAt: spec.lastProcessedAt } : {}),
      ...(spec.lastProcessErrorCode ? { lastProcessErrorCode: spec.lastProcessErrorCode } : {}),
      ...(spec.lastProcessedErrors ? { lastProcessedErrors: spec.lastProcessedErrors } : {}),
      lastProcessedErrorCount: spec.lastProcessedErrorCount ?? spec.lastProcessedErrors?.length ?? 0,
      permissions: { view: true, edit: atLeast(role, 'create') },
      urls: { location: locationOf('openapi.get', { organizationId: spec.org, specSlug: spec.slug }, api), app: urlOf(APP_URL, ['o', spec.org, 'openapi', spec.slug]) },
    };
  }

  documentURL(version: VersionRec, api: string): string {
    return version.url ?? urlOf(api.replace(/\/v1$/, ''), ['_files', 'openapi', version.id]);
  }

  versionObject(spec: SpecRec, version: VersionRec, api: string): Record<string, unknown> {
    return {
      object: 'openapi-spec-version',
      id: version.id,
      createdAt: version.createdAt,
      url: this.documentURL(version, api),
      urls: { location: locationOf('openapi.version', { organizationId: spec.org, specSlug: spec.slug, versionId: version.id }, api) },
    };
  }

  /** Version content: the reference's `{filesystem, url}` and the public description's `urls`. */
  contentObject(version: VersionRec, api: string): Record<string, unknown> {
    const url = this.documentURL(version, api);
    const file = version.url ? new URL(version.url).pathname.split('/').pop() || 'openapi.yaml' : 'openapi.yaml';
    return {
      filesystem: { entryPoint: file, files: [{ path: file, ...(version.text !== undefined ? { size: Buffer.byteLength(version.text) } : {}) }] },
      url,
      urls: { source: url, public: null },
    };
  }

  version(spec: SpecRec, versionId: string): VersionRec {
    this.f.state(spec);
    if (versionId === 'latest') {
      const last = spec.versions[spec.versions.length - 1];
      if (!last) throw notFound(`The OpenAPI specification "${spec.slug}" has no version yet.`);
      return last;
    }
    const found = this.f.versionsById.get(versionId);
    if (!found || found.spec !== spec) throw notFound(`No version ${versionId} of the OpenAPI specification "${spec.slug}".`);
    return found.version;
  }
}
