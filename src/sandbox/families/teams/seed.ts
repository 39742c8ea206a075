// The teams family's seeds: the demo records.
import { iso } from '../../core/clock.js';
import { Draws, type SeedName } from '../../core/ids.js';
import type { Teams } from './index.js';
import type { TeamRec } from './records.js';

export function seedTeams(f: Teams, seed: SeedName): void {
  if (seed !== 'demo') return;
  const draws = new Draws(20240311);
  const orgs = f.orgs;
  const add = (orgTitle: string, title: string, owners: string[], members: string[]) => {
    const org = orgs.byTitle(orgTitle);
    if (!org) return;
    const byName = (name: string) => orgs.members(org.id).find((m) => m.user.displayName === name)?.user.id;
    const team: TeamRec = { id: f.world.nextId(), org: org.id, title, createdAt: iso(draws.time(300)), spaces: 1 + draws.int(8), members: {} };
    for (const [names, role] of [[owners, 'owner'], [members, 'member']] as const) {
      for (const name of names) {
        const id = byName(name);
        if (id) team.members[id] = role;
      }
    }
    f.teams.set(team.id, team);
  };
  add('Acme Docs', 'Platform', ['Grace Hopper'], ['Alan Turing', 'Margaret Hamilton', 'Ada Lovelace', 'Edsger Dijkstra', 'Radia Perlman']);
  add('Acme Docs', 'Docs Guild', ['Margaret Hamilton'], ['Barbara Liskov', 'Linus Pauling', 'Hedy Lamarr', 'Frances Allen', 'Dana Demo']);
  add('Acme Docs', 'Support', ['Bjarne Stroustrup'], ['Katherine Johnson', 'Tim Berners-Lee', 'Dennis Ritchie']);
  add('Acme Docs', 'Security', ['Dana Demo'], ['Claude Shannon', 'John Backus']);
  add('Acme Docs', 'Design', ['Ada Lovelace', 'Donald Knuth'], []);
  add('Globex', 'Operations', ['Hank Scorpio'], ['Frank Grimes', 'Dana Demo']);
  f.world.cache.clear();
}
