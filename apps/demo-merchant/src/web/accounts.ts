import { type FastifyReply, type FastifyRequest } from 'fastify';

export interface AccountDefinition {
  readonly email: string;
  readonly password: string;
  readonly name: string;
}

export const defaultAccounts: readonly AccountDefinition[] = [
  { email: 'shopper@example.com', password: 'demo-password', name: 'Sam Shopper' },
];

export const ACCOUNT_COOKIE = 'dm_account';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/**
 * Shop accounts. A login is a signed, persistent cookie naming the account, so a browser profile
 * saved after one run is still logged in on the next (even against a restarted shop with the same secret).
 */
export class AccountBook {
  constructor(private readonly accounts: readonly AccountDefinition[]) {}

  verify(email: string, password: string): AccountDefinition | undefined {
    const account = this.find(email);
    return account && account.password === password ? account : undefined;
  }

  current(request: FastifyRequest): AccountDefinition | undefined {
    const cookie = request.cookies[ACCOUNT_COOKIE];
    if (!cookie) return undefined;
    const unsigned = request.unsignCookie(cookie);
    return unsigned.valid && unsigned.value ? this.find(unsigned.value) : undefined;
  }

  logIn(reply: FastifyReply, account: AccountDefinition): void {
    reply.setCookie(ACCOUNT_COOKIE, account.email, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: THIRTY_DAYS_SECONDS,
    });
  }

  logOut(reply: FastifyReply): void {
    reply.clearCookie(ACCOUNT_COOKIE, { path: '/' });
  }

  private find(email: string): AccountDefinition | undefined {
    const wanted = email.trim().toLowerCase();
    return this.accounts.find((account) => account.email.toLowerCase() === wanted);
  }
}
