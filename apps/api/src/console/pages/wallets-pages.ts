import { BalancesQuery, type TokenBalance, TransferActivityQuery, WalletListQuery } from '@paykit/contracts';
import { DomainException } from '@paykit/kernel';
import type { WalletResource } from '@paykit/wallets';
import { z } from 'zod';
import type { KeysetPage } from '../../http/pagination/keyset-page.js';
import { ListWalletActivity, type TransferActivityPageResource } from '../../wallets/activity/list-activity.handler.js';
import { GetBalances } from '../../wallets/balances/get-balances.handler.js';
import { ListWallets } from '../../wallets/list/list-wallets.handler.js';
import { GetWallet } from '../../wallets/read/get-wallet.handler.js';
import type { Fields, PageContext, PageRoute } from '../console-routes.js';
import { html, jsonBlock, table } from '../html/html.js';
import { pager, parseFields, selectField } from './page-helpers.js';

const SECTION = 'Wallets';
const CHAIN_TYPES = WalletListQuery.shape.chainType.unwrap().options;

/** The list's query: the API's filters plus `search`, an address or any wallet locator. */
const WalletSearchQuery = WalletListQuery.extend({ search: z.string().trim().min(1).optional() });

const filterForm = (query: Fields) => html`<form method="get" class="filters">
  <label for="search">Address or locator</label>
  <input id="search" name="search" value="${query['search'] ?? ''}" placeholder="0x… or email:ana@example.com:evm">
  <label for="owner">Owner</label>
  <input id="owner" name="owner" value="${query['owner'] ?? ''}" placeholder="email:ana@example.com">
  ${selectField('chainType', 'Chain type', CHAIN_TYPES, query['chainType'])}
  <p><button type="submit">Search</button></p>
</form>`;

/** The one wallet a search names, read as `GET /wallets/{walletLocator}` reads it; none when it names no wallet. */
const searched = async ({ queries, caller }: PageContext, locator: string): Promise<WalletResource[]> => {
  try {
    return [await queries.execute(new GetWallet(caller.principal, locator))];
  } catch (error) {
    if (error instanceof DomainException && error.error.kind === 'not_found') return [];
    throw error;
  }
};

export const walletsList: PageRoute = {
  method: 'GET',
  path: '/wallets',
  async handle(context) {
    const { queries, caller, query, base, render } = context;
    const { search, ...filters } = parseFields(WalletSearchQuery, query);
    const page: KeysetPage<WalletResource> | null = search
      ? null
      : await queries.execute(new ListWallets(caller.principal, filters));
    const wallets = page ? page.data : await searched(context, search!);
    return render(
      'Wallets',
      SECTION,
      html`${filterForm(query)}
      ${table(
        search ? `Wallets matching ${search}` : 'Wallets, newest first',
        ['Address', 'Chain type', 'Type', 'Owner', 'Delegated signers', 'Created'],
        wallets.map((wallet) => [
          html`<a href="${base}/wallets/${wallet.address}">${wallet.address}</a>`,
          wallet.chainType,
          wallet.type,
          wallet.owner ?? '-',
          wallet.config.delegatedSigners?.length ?? 0,
          new Date(wallet.createdAt).toISOString(),
        ]),
      )}
      ${page ? pager(`${base}/wallets`, query, page) : ''}`,
    );
  },
};

const balancesTable = (balances: readonly TokenBalance[]) =>
  table(
    'Balances',
    ['Token', 'Total', 'Per chain'],
    balances.map((balance) => [
      balance.symbol,
      balance.amount,
      Object.entries(balance.chains)
        .map(([chain, amount]) => `${chain}: ${amount.amount}`)
        .join(', '),
    ]),
  );

const signersTable = (wallet: WalletResource) =>
  table(
    'Signers',
    ['Role', 'Signer', 'Scopes and limits', 'Expires'],
    [
      ...(wallet.config.adminSigner ? [['admin', wallet.config.adminSigner.locator, 'everything', '-']] : []),
      ...(wallet.config.delegatedSigners ?? []).map((signer) => [
        'delegated',
        signer.locator,
        signer.scopes.length === 0
          ? 'everything'
          : signer.scopes
              .map(
                (scope) =>
                  `${scope.type} ${scope.tokenLocator}` +
                  (scope.spendingLimit
                    ? `, at most ${scope.spendingLimit.amount} per ${scope.spendingLimit.interval} s`
                    : ''),
              )
              .join('; '),
        signer.expiresAt ?? 'never',
      ]),
    ],
  );

export const walletPage: PageRoute = {
  method: 'GET',
  path: '/wallets/:walletLocator',
  async handle({ queries, caller, params, query, base, render }) {
    const locator = params['walletLocator']!;
    const wallet: WalletResource = await queries.execute(new GetWallet(caller.principal, locator));
    const balances: TokenBalance[] = await queries.execute(
      new GetBalances(caller.principal, wallet.address, parseFields(BalancesQuery, {})),
    );
    const transfers: TransferActivityPageResource = await queries.execute(
      new ListWalletActivity(caller.principal, wallet.address, parseFields(TransferActivityQuery, query)),
    );
    const path = `${base}/wallets/${wallet.address}`;
    return render(
      `Wallet ${wallet.address}`,
      SECTION,
      html`<p>${wallet.chainType} ${wallet.type} wallet, owner <strong>${wallet.owner ?? 'none'}</strong>, created ${new Date(wallet.createdAt).toISOString()}.</p>
      ${balancesTable(balances)}
      ${signersTable(wallet)}
      ${table(
        'Transfers, newest first',
        ['Direction', 'Token', 'Amount', 'From', 'To', 'Completed'],
        transfers.data.map((transfer) => [
          transfer.type === 'wallets.transfer.out' ? 'out' : 'in',
          transfer.token.locator,
          transfer.token.amount,
          transfer.sender.address,
          transfer.recipient.address,
          transfer.completedAt ?? '-',
        ]),
      )}
      ${pager(path, query, transfers)}
      ${jsonBlock('The wallet as the API returns it', wallet)}`,
    );
  },
};
