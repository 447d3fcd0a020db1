fasfas
