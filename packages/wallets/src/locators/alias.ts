/** Aliases appear inside locators, so they cannot hold colons, slashes or spaces. */
const ALIAS = /^[A-Za-z0-9._-]{1,64}$/;

export const isAlias = (value: string): boolean => ALIAS.test(value);

export const aliasRule = '1 to 64 letters, digits, dots, dashes or underscores';
