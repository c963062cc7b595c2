/** A deployment works on test networks (`staging`) or main networks (`production`). */
export type Environment = 'staging' | 'production';
