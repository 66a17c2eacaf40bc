package demo

import "errors"

// ErrInsufficientFunds is returned by Withdraw when the balance is too low.
var ErrInsufficientFunds = errors.New("demo: insufficient funds")

// Account is a bank account that cannot go below its overdraft limit.
type Account struct {
	Balance   int
	Overdraft int
}

// Withdraw takes amount out of the account.
func (a *Account) Withdraw(amount int) error {
	if amount <= 0 {
		return errors.New("demo: amount must be positive")
	}
	if a.Balance-amount < -a.Overdraft {
		return ErrInsufficientFunds
	}
	a.Balance -= amount
	return nil
}
