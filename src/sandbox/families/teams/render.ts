// How the teams family's records look in responses, as the public OpenAPI
// description has them.
import { atLeast } from '../../core/roles.js';
import type { Teams } from './index.js';
import type { TeamRec } from './records.js';

export class TeamsViews {
  constructor(private readonly f: Teams) {}

  teamObject(team: TeamRec): Record<string, unknown> {
    const role = this.f.orgs.roleIn(team.org);
    return {
      object: 'team',
      id: team.id,
      title: team.title,
      members: Object.keys(team.members).length,
      spaces: team.spaces,
      createdAt: team.createdAt,
      permissions: { admin: this.f.canManage(team, this.f.world.userId), view: atLeast(role, 'read') },
    };
  }
}
