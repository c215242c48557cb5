// The portal's accounts: who may sign in and own keys. Only the portal has users; the
// edge and calc see keys alone (@ira/core/keys/types). Two adapters on the database the
// key store uses (embedded SQLite under DATA_DIR, or PostgreSQL at DATABASE_URL), one
// contract suite run against both (user-store-contract.ts).

export interface UserRecord {
  id: string;
  /** Stored lower-cased and trimmed. */
  email: string;
  /** Argon2id PHC string. */
  passwordHash: string;
  createdAt: Date;
}

export interface UserStore {
  /** Throws EmailTakenError when the email (case-insensitive) is already registered. */
  createUser(email: string, passwordHash: string): Promise<UserRecord>;
  /** null when no user has that email. */
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserById(id: string): Promise<UserRecord | null>;
}

/** createUser's one expected failure, so sign-up can say "already registered". */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
  constructor(email: string) {
    super(`An account with the email ${email} already exists.`);
  }
}
