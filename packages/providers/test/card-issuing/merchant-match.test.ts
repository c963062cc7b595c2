import { merchantMatches } from '../../src/index.js';

describe('merchantMatches (docs/adr/0901)', () => {
  const origin = 'https://www.tidygoods.co.uk';

  it('compares a url by its origin: scheme, host (any case) and port', () => {
    expect(merchantMatches({ name: 'Anything', url: 'HTTPS://WWW.TidyGoods.co.uk:443/checkout' }, origin)).toBe(true);
    expect(merchantMatches({ name: 'Tidy Goods', url: 'http://www.tidygoods.co.uk/checkout' }, origin)).toBe(false);
    expect(merchantMatches({ name: 'Tidy Goods', url: 'https://tidygoods.co.uk.evil.example/' }, origin)).toBe(false);
    expect(merchantMatches({ name: 'Tidy Goods', url: 'not a url' }, origin)).toBe(false);
  });

  it('without a url, wants the shop’s host label in the name, letters and digits only', () => {
    expect(merchantMatches({ name: 'TIDY GOODS', url: '' }, origin)).toBe(true);
    expect(merchantMatches({ name: 'SQ *TIDYGOODS LONDON', url: '' }, origin)).toBe(true);
    expect(merchantMatches({ name: 'TIDY', url: '' }, origin)).toBe(false);
    expect(merchantMatches({ name: 'OTHER GOODS', url: '' }, origin)).toBe(false);
    expect(merchantMatches({ name: 'Shop', url: '' }, 'https://shop.example')).toBe(true);
    expect(merchantMatches({ name: '', url: '' }, 'https://shop.example')).toBe(false);
    expect(merchantMatches({ name: 'Bamboo Goods', url: '' }, 'https://bo.example')).toBe(false);
    // A shop at an address has no name to be known by.
    expect(merchantMatches({ name: 'Tidy Goods', url: '' }, 'http://127.0.0.1:43121')).toBe(false);
  });
});
