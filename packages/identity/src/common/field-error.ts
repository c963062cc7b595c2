// The kernel's, so every domain package names a field at fault the same way.
export { fieldError } from '@paykit/kernel';
