/** Who owns a profile: a subject (an end user, or the project's service subject) under a project. */
export interface ProfileOwner {
  readonly projectId: string;
  readonly subject: string;
}
