// The orgs family's demo and empty seeds: the caller, the demo users and
// organizations with their members.
import type { Role } from '../../../api/enums.js';
import { DAY, iso } from '../../core/clock.js';
import { Draws } from '../../core/ids.js';
import type { World } from '../../core/world.js';
import type { OrgRec, UserRec } from './records.js';

export class OrgsBuilder {
  private readonly draws = new Draws(20240108);

  constructor(
    private readonly world: World,
    private readonly users: Map<string, UserRec>,
    private readonly orgs: Map<string, OrgRec>,
  ) {}

  user(displayName: string, email: string, id = this.world.nextId()): string {
    this.users.set(id, { id, displayName, email, photoURL: `https://avatars.docplat.test/${id}.png` });
    return id;
  }

  /** The caller: a new user, or the user of the state's token when a state file lacked this family. */
  caller(displayName: string, email: string): string {
    this.world.userId = this.user(displayName, email, this.world.userId || undefined);
    return this.world.userId;
  }

  /**
   * An organization with its members; each joined within 200 days of its
   * creation and was last seen `seen` days before now (never when absent).
   * `id`: a fixed id, for an organization added to the demo after others had
   * ids (taking the next one would move every id seeded after it).
   */
  org(title: string, plan: OrgRec['plan'], emailDomains: string[], members: [string, Role | null, MemberSeed?][], id = this.world.nextId()): void {
    const createdAt = this.draws.time(5);
    const now = this.world.clock.now();
    this.orgs.set(id, {
      id,
      title,
      createdAt: iso(createdAt),
      plan,
      emailDomains,
      members: members.map(([userId, role, extra = {}]) => {
        const joined = this.draws.time(200, createdAt);
        // Hours drawn within the day keep the times realistic and the day counts exact.
        const seen = extra.seen === undefined ? undefined : now - extra.seen * DAY - this.draws.int(12) * 3_600_000;
        return {
          userId,
          role,
          joinedAt: iso(joined),
          ...(seen === undefined ? {} : { lastSeenAt: iso(seen) }),
          disabled: extra.disabled ?? false,
          sso: extra.sso ?? false,
        };
      }),
    });
  }
}

interface MemberSeed {
  /** Days before now when the member was last seen; absent: never. */
  seen?: number;
  disabled?: boolean;
  sso?: boolean;
}

/** Initech's id: fixed, so that the ids seeded after the organizations stay those the README and tests name. */
const INITECH_ID = 'InitechDemoOrg000001';

/**
 * The demo organizations: the caller (Dana Demo) is admin of "Acme Docs",
 * editor of "Globex" and admin of "Initech" (empty: where a transfer from
 * Acme works, while one into Globex is refused with 403). Acme has 25 members: every role, three guests (whose
 * grants the spaces seed gives), two disabled members, four SSO members, and
 * last activity spread over a year (12 not seen for 90 days or more, two of
 * them never).
 */
export function demo(b: OrgsBuilder): void {
  const dana = b.caller('Dana Demo', 'dana@acme.example');
  const user = (name: string) => b.user(name, `${name.split(' ')[0].toLowerCase()}@acme.example`);
  const grace = user('Grace Hopper');
  const alan = user('Alan Turing');
  const margaret = user('Margaret Hamilton');
  const linus = user('Linus Pauling');
  const barbara = user('Barbara Liskov');
  const ken = user('Ken Thompson');
  const gary = b.user('Gary Guest', 'gary@partner.example');
  const hank = b.user('Hank Scorpio', 'hank@globex.example');
  const frank = b.user('Frank Grimes', 'frank@globex.example');
  const more = (['Ada Lovelace', 'Edsger Dijkstra', 'Donald Knuth', 'John Backus', 'Frances Allen', 'Katherine Johnson', 'Tim Berners-Lee', 'Radia Perlman', 'Whitfield Diffie', 'Hedy Lamarr', 'Claude Shannon', 'Dennis Ritchie', 'Bjarne Stroustrup', 'Annie Easley'] as const).map(user);
  const [ada, edsger, donald, john, frances, katherine, tim, radia, whitfield, hedy, claude, dennis, bjarne, annie] = more;
  const guido = b.user('Guido Guest', 'guido@partner.example');
  const sophie = b.user('Sophie Wilson', 'sophie@contractor.example');
  b.org('Acme Docs', 'pro', ['acme.example'], [
    [dana, 'admin', { seen: 0 }],
    [grace, 'admin', { seen: 3 }],
    [alan, 'create', { seen: 1 }],
    [margaret, 'edit', { seen: 20 }],
    [linus, 'review', { seen: 100 }],
    [barbara, 'comment', { seen: 45 }],
    [ken, 'read', { disabled: true }],
    [gary, null, { seen: 180 }],
    [ada, 'create', { seen: 2 }],
    [edsger, 'edit', { seen: 5 }],
    [donald, 'edit', { seen: 40 }],
    [john, 'review', { seen: 95 }],
    [frances, 'comment', { seen: 120 }],
    [katherine, 'read', { seen: 200, sso: true }],
    [tim, 'read', { seen: 364 }],
    [radia, 'edit', { seen: 12, sso: true }],
    [whitfield, 'read', { seen: 300, disabled: true }],
    [hedy, 'comment', { seen: 150 }],
    [claude, 'create', { seen: 70, sso: true }],
    [dennis, 'read', { seen: 91 }],
    [bjarne, 'review', { seen: 30 }],
    [annie, 'read', {}],
    [guido, null, { seen: 250 }],
    [sophie, null, { seen: 10, sso: true }],
    [hank, 'read', { seen: 60 }],
  ]);
  b.org('Globex', 'plus', ['globex.example'], [
    [hank, 'admin', { seen: 1 }],
    [dana, 'edit', { seen: 8 }],
    [frank, 'read', { seen: 60 }],
  ]);
  b.org(
    'Initech',
    'free',
    ['initech.example'],
    [
      [dana, 'admin', { seen: 2 }],
      [frank, 'edit', { seen: 30 }],
    ],
    INITECH_ID,
  );
}

/** The empty seed: the caller and one organization. */
export function empty(b: OrgsBuilder): void {
  const me = b.caller('Dana Demo', 'dana@example.test');
  b.org('My Organization', 'free', [], [[me, 'admin', { seen: 0 }]]);
}
