#include <cstring>

#include "arbitro/indexer.h"

namespace arbitro {
namespace {

// The OS error behind an I/O failure ("File too large", "No space left on device").
std::string SystemError(sqlite3* db) {
  if (!db) return "";
  const int code = sqlite3_errcode(db) & 0xff;
  if (code != SQLITE_IOERR && code != SQLITE_FULL && code != SQLITE_CANTOPEN) return "";
  // The errno is not kept for every failure (not for an autocommit statement's).
  const int err = sqlite3_system_errno(db);
  if (err) return std::string(" (") + std::strerror(err) + ")";
  return sqlite3_extended_errcode(db) == SQLITE_IOERR_WRITE ? " (write failed: disk full?)" : "";
}

Status SqliteError(sqlite3* db, const std::string& what) {
  return Status::IndexError(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory") +
                            SystemError(db));
}

// A file path as a URI path: '?', '#' and '%' would otherwise start the query,
// the fragment or an escape.
std::string UriPath(const std::string& path) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (c == '?' || c == '#' || c == '%' || c < 0x20) {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace

Statement& Statement::Bind(int index, const std::string& value) {
  sqlite3_bind_text(stmt_.get(), index, value.data(), static_cast<int>(value.size()),
                    SQLITE_TRANSIENT);
  return *this;
}
Statement& Statement::Bind(int index, long long value) {
  sqlite3_bind_int64(stmt_.get(), index, value);
  return *this;
}
Statement& Statement::Bind(int index, double value) {
  sqlite3_bind_double(stmt_.get(), index, value);
  return *this;
}
Statement& Statement::BindNull(int index) {
  sqlite3_bind_null(stmt_.get(), index);
  return *this;
}

bool Statement::Step(Status* status) {
  int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc != SQLITE_DONE && status) {
    *status = SqliteError(sqlite3_db_handle(stmt_.get()), "sqlite step");
  }
  return false;
}

Status Statement::Run() {
  Status s;
  while (Step(&s)) {
  }
  Reset();
  return s;
}

void Statement::Reset() {
  sqlite3_reset(stmt_.get());
  sqlite3_clear_bindings(stmt_.get());
}

std::string Statement::Text(int col) const {
  const unsigned char* t = sqlite3_column_text(stmt_.get(), col);
  return t ? std::string(reinterpret_cast<const char*>(t),
                         static_cast<size_t>(sqlite3_column_bytes(stmt_.get(), col)))
           : std::string();
}
long long Statement::Int(int col) const { return sqlite3_column_int64(stmt_.get(), col); }
double Statement::Real(int col) const { return sqlite3_column_double(stmt_.get(), col); }
bool Statement::IsNull(int col) const {
  return sqlite3_column_type(stmt_.get(), col) == SQLITE_NULL;
}

Status Database::Open(const std::string& path, bool read_only, Database* db) {
  sqlite3* raw = nullptr;
  int rc;
  if (read_only) {
    // Published generations are never modified: immutable=1 skips locking and
    // change detection, which is both correct and fast.
    std::string uri = "file:" + UriPath(path) + "?immutable=1";
    rc = sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  } else {
    rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  }
  db->db_.reset(raw);
  if (rc != SQLITE_OK) return SqliteError(raw, "cannot open " + path);
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, 2000);
  Status s = db->Exec("PRAGMA foreign_keys = ON");
  if (!s.ok()) return s;
  if (read_only) {
    // Fails early on a file that is not an arbitro database.
    Statement check;
    s = db->Prepare("SELECT value FROM meta WHERE key = 'format'", &check);
    if (!s.ok()) return Status::IndexError("not an arbitro index database: " + path);
  }
  return Status::OK();
}

Status Database::Exec(const std::string& sql) {
  char* err = nullptr;
  int rc = sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    return Status::IndexError("sqlite: " + msg + SystemError(db_.get()));
  }
  return Status::OK();
}

Status Database::Prepare(const std::string& sql, Statement* stmt) {
  sqlite3_stmt* raw = nullptr;
  int rc = sqlite3_prepare_v3(db_.get(), sql.c_str(), static_cast<int>(sql.size()),
                              SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
  if (rc != SQLITE_OK) return SqliteError(db_.get(), "sqlite prepare");
  *stmt = Statement(raw);
  return Status::OK();
}

Status Database::Transaction(const std::function<Status()>& fn) {
  Status s = Exec("BEGIN IMMEDIATE");
  if (!s.ok()) return s;
  s = fn();
  if (s.ok()) s = Exec("COMMIT");
  if (!s.ok()) Exec("ROLLBACK");
  return s;
}

long long Database::LastInsertId() const { return sqlite3_last_insert_rowid(db_.get()); }

}  // namespace arbitro
