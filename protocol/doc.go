// Package protocol holds the line framing and parsing shared by all games: a bounded line
// reader, token parsing with clear errors (Java-compatible integers for the CodinGame
// games), and the Deadline24 OK / FAILED / WAITING session grammar used over pipes and TCP.
package protocol
