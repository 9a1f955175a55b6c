1 51 or more

